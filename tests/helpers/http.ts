/**
 * A small HTTP client for API tests: JSON in and out, and a cookie jar so one client is one
 * browser session. `raw` gives the Response for headers and non-JSON bodies.
 */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A jar's Cookie header. */
export const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** Keeps what Set-Cookie lines set in the jar, and drops what they clear (as a browser does, paths aside). */
export function keepCookies(cookies: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
}

export function client(baseUrl: string, opts: { origin?: boolean } = {}) {
  const cookies = new Map<string, string>();
  let bearer: string | undefined;

  async function raw(method: string, path: string, init: { body?: BodyInit | null; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (cookies.size) headers.cookie = cookieHeader(cookies);
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    // Browsers send Origin on state-changing requests; the server checks it for cookie sessions.
    if (opts.origin !== false && method !== "GET" && method !== "HEAD") headers.origin ??= new URL(baseUrl).origin;
    const res = await fetch(baseUrl + path, { method, headers, body: init.body ?? null, redirect: "manual" });
    keepCookies(cookies, res.headers.getSetCookie());
    return res;
  }

  async function json<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await raw(method, path, {
      body: body === undefined ? null : JSON.stringify(body),
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  /** A multipart upload, as the browser's form sends it. */
  async function upload<T = any>(path: string, bytes: Uint8Array | null, filename = "guide.pdf", field = "file", type = "application/pdf"): Promise<ApiResponse<T>> {
    const form = new FormData();
    if (bytes) form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
    else form.append("note", "no file here");
    const res = await raw("POST", path, { body: form });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text };
  }

  return {
    raw,
    upload,
    cookies,
    setBearer: (token: string | undefined) => (bearer = token),
    get: <T = any>(path: string, headers?: Record<string, string>) => json<T>("GET", path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => json<T>("POST", path, body ?? {}, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => json<T>("PUT", path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => json<T>("PATCH", path, body ?? {}, headers),
    delete: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => json<T>("DELETE", path, body, headers),
  };
}

export type Client = ReturnType<typeof client>;

/** The same browser (its cookies) talking to another server: another instance behind one load balancer. */
export function sameBrowser(from: Client, url: string): Client {
  const other = client(url);
  for (const [name, value] of from.cookies) other.cookies.set(name, value);
  return other;
}
