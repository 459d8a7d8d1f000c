import { AppError } from "../core/errors.ts";
import type { Metrics } from "../core/metrics.ts";
import type { ScanPool } from "./scan/index.ts";

/**
 * The scan pool with each scan timed and counted into the metrics (GET /metrics): duration by outcome,
 * failures by the status the upload answers, pages read, scans in progress. The pool itself is unchanged.
 */
export function meteredScanPool(pool: ScanPool, metrics: Metrics): ScanPool {
  return {
    ...pool,
    async scan(filePath, options) {
      const end = metrics.scanDuration.startTimer();
      metrics.scansInProgress.inc();
      try {
        const result = await pool.scan(filePath, options);
        end({ outcome: "ok" });
        metrics.scanPages.inc(result.pageCount);
        return result;
      } catch (err) {
        end({ outcome: "failed" });
        metrics.scanFailures.inc({ status: err instanceof AppError ? String(err.status) : "500" });
        throw err;
      } finally {
        metrics.scansInProgress.dec();
      }
    },
  };
}
