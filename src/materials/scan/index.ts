export { createScanPool } from "./pool.ts";
export type { ScannedPage, ScanPool, ScanPoolOptions, ScanProgress, ScanResult } from "./types.ts";
