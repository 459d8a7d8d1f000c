/**
 * The one HTTP client of the UI. Everything that talks to the server goes
 * through `request` (JSON) or `upload` (multipart with progress). Every failure
 * becomes an `ApiError { status, message }`; a network failure has status 0.
 * A 401 means the session has ended: the client clears the session (through
 * `onUnauthorized` listeners) and sends the browser to /login, unless the call
 * says a 401 is an answer (`allow401`), as for the current-user check and login.
 */
import { navigate } from "wouter/use-browser-location";
import type { ErrorBody } from "./types.ts";

/** Extra fields some error bodies carry beside `detail` and `message`. */
export interface ApiErrorExtra {
  /** Topics the study material does cover, when the asked-for topic is not in it. */
  suggestions?: string[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly suggestions?: string[];

  constructor(status: number, message: string, extra: ApiErrorExtra = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    if (extra.suggestions?.length) this.suggestions = extra.suggestions;
  }
}

export interface CallOptions {
  /** Message when the server's answer carries none (no `detail`, no `message`). */
  fallback?: string;
  /** Message when the server could not be reached (status 0). */
  networkFallback?: string;
  signal?: AbortSignal;
}

export interface RequestOptions extends CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A 401 from this call is an answer (no session, wrong password), not an expired session. */
  allow401?: boolean;
}

export const DEFAULT_ERROR = "Something went wrong. Please try again.";
export const NETWORK_ERROR = "Could not reach StudyForge. Check your connection and try again.";

/** The user-facing message of an error body: `detail` string, `detail[0].msg`, `message`, else the fallback. */
export function messageFromBody(body: unknown, fallback: string): string {
  if (body && typeof body === "object") {
    const { detail, message } = body as ErrorBody;
    if (typeof detail === "string" && detail.trim()) return detail;
    if (Array.isArray(detail)) {
      const first: unknown = detail[0];
      if (first && typeof first === "object" && typeof (first as { msg?: unknown }).msg === "string") {
        return (first as { msg: string }).msg;
      }
    }
    if (typeof message === "string" && message.trim()) return message;
  }
  return fallback;
}

/** The extra fields of an error body (`suggestions`), when they have the right shape. */
export function extraFromBody(body: unknown): ApiErrorExtra {
  if (!body || typeof body !== "object") return {};
  const { suggestions } = body as { suggestions?: unknown };
  if (Array.isArray(suggestions) && suggestions.every((item) => typeof item === "string")) return { suggestions };
  return {};
}

/** The message to show for any caught error. */
export function errorMessage(err: unknown, fallback: string = DEFAULT_ERROR): string {
  return err instanceof ApiError ? err.message : fallback;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

const unauthorizedListeners = new Set<() => void>();

/** Called when any call meets an unexpected 401 (the session provider clears the user). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function sessionEnded(): void {
  for (const listener of unauthorizedListeners) listener();
  if (window.location.pathname !== "/login") navigate("/login");
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Turns a finished response into its parsed body or an ApiError (shared by fetch and XHR). */
function settle<T>(status: number, text: string, options: RequestOptions): T {
  const body = parseJson(text);
  if (status >= 200 && status < 300) return body as T;
  if (status === 401 && !options.allow401) sessionEnded();
  throw new ApiError(status, messageFromBody(body, options.fallback ?? DEFAULT_ERROR), extraFromBody(body));
}

function networkError(options: CallOptions): ApiError {
  return new ApiError(0, options.networkFallback ?? options.fallback ?? NETWORK_ERROR);
}

export function withQuery(path: string, query?: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      credentials: "include",
      signal: options.signal,
    });
    text = await response.text();
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw networkError(options);
  }
  return settle<T>(response.status, text, options);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "DELETE", body }),
};

export interface UploadOptions extends Omit<RequestOptions, "body" | "query"> {
  method?: "POST" | "PUT";
}

/**
 * Sends multipart form data with XMLHttpRequest so the caller can show real
 * upload progress. `onProgress` receives a whole percent, 0–100, of the bytes sent.
 */
export function upload<T>(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  return uploadWithStatus<T>(url, formData, onProgress, options).then((answer) => answer.body);
}

/** `upload`, answering with the status too (201 created, 200 already there). */
export function uploadWithStatus<T>(
  url: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<{ status: number; body: T }> {
  return new Promise<{ status: number; body: T }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      };
    }
    xhr.onload = () => {
      try {
        resolve({ status: xhr.status, body: settle<T>(xhr.status, xhr.responseText, options) });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(networkError(options));
    xhr.ontimeout = () => reject(networkError(options));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException("The upload was cancelled.", "AbortError"));
        return;
      }
      options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(formData);
  });
}
