import { AppError } from "../../core/errors.ts";

/**
 * What went wrong with one request to an AI service, told from what the fetch underneath the client
 * saw. Both clients use fetch, so this is the one description of failures they share.
 */
export type Failure =
  | { kind: "timeout" }
  | { kind: "http"; status: number; message: string; retryAfterMs: number | undefined }
  | { kind: "unreachable"; reason: string; transient: boolean }
  | { kind: "unreadable"; message: string };

/** What the fetch under a client saw during one request. */
export interface Exchange {
  response?: Response;
  /** The body of a non-2xx response, read from a clone before the client consumes it. */
  errorText?: string;
  /** Why fetch itself failed (no response at all). */
  fetchError?: unknown;
}

/** Where the service is and what it was asked for: what a person needs to fix a failure. */
export interface ServiceInfo {
  /** Shown in messages; credentials removed. */
  url: string;
  model: string;
  /** Appended when the service does not have the model (e.g. how to download it). */
  missingModelHint?: string;
}

/** An AppError that still knows the failure behind it, so callers can react to a specific refusal. */
export class AIServiceError extends AppError {
  readonly failure: Failure;

  constructor(status: number, detail: string, failure: Failure, cause: unknown) {
    super(status, detail, { cause });
    this.name = "AIServiceError";
    this.failure = failure;
  }
}

/** The text for a URL in a message: without a user name or password. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.href.replace(/\/$/, "");
  } catch {
    return url;
  }
}

const CONNECTION_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found (the name lookup failed)",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  ECONNRESET: "the connection was reset",
  EPIPE: "the connection was closed by the server",
  UND_ERR_SOCKET: "the connection was closed by the server",
};
/** A dropped connection may work on the next try; a refused one or an unknown host will not. */
const TRANSIENT_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Node nests the system error (ECONNREFUSED…) a few causes deep under fetch's "fetch failed". */
function connectionFailure(err: unknown): Failure {
  let innermost = err;
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = errorCode(e) ?? errorCode((e as { errors?: unknown[] }).errors?.[0]);
    if (code && CONNECTION_REASONS[code]) {
      return { kind: "unreachable", reason: CONNECTION_REASONS[code], transient: TRANSIENT_CODES.has(code) };
    }
    if (code && /CERT|TLS|SSL/.test(code)) {
      return { kind: "unreachable", reason: `its TLS certificate was not accepted (${code})`, transient: false };
    }
    innermost = e;
  }
  const reason = innermost instanceof Error ? innermost.message : String(innermost);
  return { kind: "unreachable", reason, transient: false };
}

/** Milliseconds the service asked us to wait: OpenAI's retry-after-ms, else Retry-After in seconds or as a date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The service's own words from an error body, whichever server shape it has. */
function serviceMessage(text: string | undefined, err: unknown): string {
  let body: Record<string, unknown> | undefined;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  const nested = body?.error as { message?: unknown } | undefined;
  // OpenAI and llama.cpp: {error:{message}}; Ollama: {error}; vLLM: {message}; FastAPI: {detail}.
  const candidates = [nested?.message, body?.error, body?.message, body?.detail];
  const found = candidates.find((c): c is string => typeof c === "string" && c.trim() !== "");
  const fallback = text?.trim() || (err instanceof Error ? err.message.replace(/^\d{3}\s+/, "") : "");
  return (found ?? fallback).trim().slice(0, 300);
}

/**
 * Describes a failed request, or returns undefined when the error did not come from talking to the
 * service (a bug on our side), which the caller should let through unchanged.
 */
export function classify(err: unknown, exchange: Exchange, timedOut: boolean): Failure | undefined {
  if (timedOut) return { kind: "timeout" };
  const { response } = exchange;
  if (response && !response.ok) {
    return {
      kind: "http",
      status: response.status,
      message: serviceMessage(exchange.errorText, err),
      retryAfterMs: retryAfterMs(response.headers),
    };
  }
  if (exchange.fetchError !== undefined) return connectionFailure(exchange.fetchError);
  // A 2xx answer the client could not read: a body cut off or not what the protocol says.
  if (response) return { kind: "unreadable", message: err instanceof Error ? err.message : String(err) };
  return undefined;
}

export function isRetryable(f: Failure): boolean {
  switch (f.kind) {
    case "timeout":
    case "unreadable":
      return true;
    case "unreachable":
      return f.transient;
    case "http":
      return f.status === 408 || f.status === 429 || f.status >= 500;
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function httpDetail(f: Extract<Failure, { kind: "http" }>, service: ServiceInfo): string {
  const { url, model } = service;
  if (f.status === 429) return "The AI service is rate limiting requests. Try again in a minute.";
  if (f.status === 401 || f.status === 403) return "The AI service rejected the API key.";
  if (f.status >= 500) return `The AI service at ${url} failed (HTTP ${f.status}).`;
  if (f.status === 404 && /model/i.test(f.message)) {
    const hint = service.missingModelHint ? ` ${service.missingModelHint}` : "";
    return `The AI service at ${url} does not have the model "${model}".${hint}`;
  }
  if (f.status === 404) return `The AI service at ${url} answered "not found" (HTTP 404); check its address.`;
  const said = f.message ? `: ${f.message}` : ".";
  return `The AI service at ${url} refused the request (HTTP ${f.status})${said}`;
}

/** The error a user sees once the retries are spent (502: the service failed, 504: it did not answer). */
export function toAppError(f: Failure, service: ServiceInfo, timeoutMs: number, cause: unknown): AIServiceError {
  switch (f.kind) {
    case "timeout":
      return new AIServiceError(
        504,
        `The AI service at ${service.url} did not answer within ${seconds(timeoutMs)} seconds.`,
        f,
        cause,
      );
    case "unreachable":
      return new AIServiceError(502, `The AI service at ${service.url} is not reachable: ${f.reason}.`, f, cause);
    case "unreadable":
      return new AIServiceError(502, `The AI service at ${service.url} sent an answer that could not be read.`, f, cause);
    case "http":
      return new AIServiceError(502, httpDetail(f, service), f, cause);
  }
}
