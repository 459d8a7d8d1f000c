import { setTimeout as sleep } from "node:timers/promises";
import { classify, isRetryable, toAppError } from "./service-errors.ts";
import type { Exchange, Failure, ServiceInfo } from "./service-errors.ts";

/**
 * The one retry policy for AI requests. The clients' own retries are switched off (maxRetries: 0, no
 * timeout of their own that fires first), so the time limit, the number of tries and the waits are
 * decided here for every provider alike.
 */
export interface RetryPolicy {
  /** Time limit of one request, in milliseconds. */
  timeoutMs: number;
  /** Requests in all, the first included. */
  tries?: number;
  /** The first wait before a retry; it doubles with each further retry. */
  retryBaseMs?: number;
  /** The longest Retry-After we honour; a service asking for longer waits this long and tries again. */
  maxRetryAfterMs?: number;
}

export const DEFAULT_TRIES = 3;
export const DEFAULT_RETRY_BASE_MS = 250;
export const DEFAULT_MAX_RETRY_AFTER_MS = 20_000;

/** What one try hands to the client. */
export interface Attempt {
  /** Aborts at the time limit or when the caller cancels. */
  signal: AbortSignal;
  /** A fetch for the client: bound to `signal`, and keeping what the service answered for classification. */
  fetch: typeof fetch;
}

/** The error for a cancelled request: an AbortError, as fetch and the clients throw. */
export function cancelledError(reason: unknown): Error {
  const err = new Error("The request to the AI service was cancelled.", { cause: reason });
  err.name = "AbortError";
  return err;
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelledError(signal.reason);
}

function recordingFetch(signal: AbortSignal, exchange: Exchange): typeof fetch {
  return async (input, init) => {
    // The OpenAI client passes a signal of its own; either may end the request.
    const merged = init?.signal ? AbortSignal.any([init.signal, signal]) : signal;
    try {
      const response = await fetch(input, { ...init, signal: merged });
      exchange.response = response;
      if (!response.ok) exchange.errorText = await response.clone().text().catch(() => "");
      return response;
    } catch (err) {
      exchange.fetchError = err;
      throw err;
    }
  };
}

function delayMs(failure: Failure, retry: number, policy: RetryPolicy): number {
  if (failure.kind === "http" && failure.retryAfterMs !== undefined) {
    return Math.min(failure.retryAfterMs, policy.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS);
  }
  return (policy.retryBaseMs ?? DEFAULT_RETRY_BASE_MS) * 2 ** (retry - 1);
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (err) {
    throwIfCancelled(signal);
    throw err;
  }
}

/**
 * Runs `call` with a time limit per try, retrying time-outs, 429s and 5xx answers with exponential
 * backoff (or the service's Retry-After). Throws an AIServiceError with a message a person can act on
 * once the tries are spent, or at once for failures a retry cannot mend; an AbortError when `signal`
 * cancels, without retrying.
 */
export async function withRetries<T>(
  service: ServiceInfo,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  call: (attempt: Attempt) => Promise<T>,
): Promise<T> {
  const tries = policy.tries ?? DEFAULT_TRIES;
  for (let n = 1; ; n++) {
    throwIfCancelled(signal);
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const attemptSignal = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const exchange: Exchange = {};
    try {
      return await call({ signal: attemptSignal, fetch: recordingFetch(attemptSignal, exchange) });
    } catch (err) {
      throwIfCancelled(signal);
      const failure = classify(err, exchange, timeout.aborted);
      if (!failure) throw err;
      if (n >= tries || !isRetryable(failure)) throw toAppError(failure, service, policy.timeoutMs, err);
      await pause(delayMs(failure, n, policy), signal);
    }
  }
}
