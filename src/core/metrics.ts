import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "./context.ts";
import { shared } from "./shared.ts";

/**
 * The Prometheus metrics of one context, served at GET /metrics (src/metrics/). Features record into
 * them where their work happens (the scan pool, the AI provider, the request middleware); core holds
 * the registry so that no feature imports another to record. One registry per context, not
 * prom-client's global one, so two servers in one process (the tests) never mix their figures.
 *
 * Labels take only values from small fixed sets (route patterns, states, statuses), never a raw URL,
 * a user or a file: every label value is a new series Prometheus stores forever.
 */
export function metricsOf(app: AppContext) {
  return shared(app, "metrics", () => createMetrics(), async (m) => m.registry.clear());
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds: fast requests to a slow upload or a long stream. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a one-page note to a thousand-page book, up to the scan time limit. */
const SCAN_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
/** Seconds: the builtin generator's milliseconds to a language model's minutes. */
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    /** One observation per request; its _count is the request count. */
    httpRequest: new Histogram({
      name: "studyforge_http_request_duration_seconds",
      help: "Time from receiving a request to its response being ready, by route pattern, method and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    scanDuration: new Histogram({
      name: "studyforge_scan_duration_seconds",
      help: "Time to scan one PDF (queued behind other files included), by outcome (ok or failed)",
      labelNames: ["outcome"] as const,
      buckets: SCAN_BUCKETS,
      registers,
    }),
    scanFailures: new Counter({
      name: "studyforge_scan_failures_total",
      help: "PDF scans that failed, by the HTTP status the upload answered (415 not a PDF, 422 unreadable or over a limit, 400 cancelled, 500/503 the scanner)",
      labelNames: ["status"] as const,
      registers,
    }),
    scanPages: new Counter({ name: "studyforge_scan_pages_total", help: "Pages of PDFs scanned successfully", registers }),
    scansInProgress: new Gauge({ name: "studyforge_scans_in_progress", help: "PDF scans queued or being read", registers }),
    providerRequest: new Histogram({
      name: "studyforge_provider_request_duration_seconds",
      help: "Time of one call to the AI provider (its retries included), by provider, operation and outcome (ok or error)",
      labelNames: ["provider", "operation", "outcome"] as const,
      buckets: PROVIDER_BUCKETS,
      registers,
    }),
    providerErrors: new Counter({
      name: "studyforge_provider_errors_total",
      help: "Calls to the AI provider that failed, by reason (http_<status>, timeout, unreachable, unreadable, invalid, cancelled, error)",
      labelNames: ["provider", "operation", "reason"] as const,
      registers,
    }),
  };
}
