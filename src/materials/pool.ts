import type { AppContext } from "../core/context.ts";
import { metricsOf } from "../core/metrics.ts";
import { shared } from "../core/shared.ts";
import { meteredScanPool } from "./metered-pool.ts";
import { createScanPool, type ScanPool } from "./scan/index.ts";

/** The process's one pool of PDF-scanning worker processes, started on the first upload. */
export function scanPool(app: AppContext): ScanPool {
  return shared(
    app,
    "scan-pool",
    () =>
      meteredScanPool(
        createScanPool({
          workers: app.config.scanWorkers,
          timeoutMs: app.config.scanTimeoutS * 1000,
          maxPages: app.config.maxPdfPages,
          memoryMb: app.config.scanMemoryMb,
          ocrMaxPages: app.config.ocrMaxPages,
          ocrLanguages: app.config.ocrLanguages,
        }),
        metricsOf(app),
      ),
    (pool) => pool.close(),
  );
}
