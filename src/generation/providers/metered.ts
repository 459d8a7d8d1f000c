import { AppError } from "../../core/errors.ts";
import type { Metrics } from "../../core/metrics.ts";
import { AIServiceError } from "./service-errors.ts";
import type { Provider } from "./types.ts";

/** A failure's reason as a label from a small fixed set (see studyforge_provider_errors_total). */
function reason(err: unknown, signal: AbortSignal | undefined): string {
  if (signal?.aborted) return "cancelled";
  if (err instanceof AIServiceError) return err.failure.kind === "http" ? `http_${err.failure.status}` : err.failure.kind;
  // The provider's own refusals (builtin: no material, nothing to ask) and answers that failed validation.
  if (err instanceof AppError && err.status < 500) return "invalid";
  return "error";
}

/**
 * The provider with each call timed and each failure counted into the metrics (GET /metrics). A call
 * includes the client's own retries: it is what a job waits for. The provider itself is unchanged.
 */
export function meteredProvider(provider: Provider, metrics: Metrics): Provider {
  const labels = (operation: string) => ({ provider: provider.name, operation });
  async function timed<T>(operation: string, signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> {
    const end = metrics.providerRequest.startTimer(labels(operation));
    try {
      const result = await call();
      end({ outcome: "ok" });
      return result;
    } catch (err) {
      end({ outcome: "error" });
      metrics.providerErrors.inc({ ...labels(operation), reason: reason(err, signal) });
      throw err;
    }
  }
  return {
    name: provider.name,
    model: provider.model,
    contextTokens: provider.contextTokens,
    generate: (req) => timed("generate", req.signal, () => provider.generate(req)),
    generateFree: (req) => timed("generate_free", req.signal, () => provider.generateFree(req)),
  };
}
