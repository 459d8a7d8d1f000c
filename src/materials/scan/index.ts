export { createScanPool } from "./pool.ts";
export type { ScannedPage, ScanPool, ScanPoolOptions, ScanResult } from "./types.ts";
