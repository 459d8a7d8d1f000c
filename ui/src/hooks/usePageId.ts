import { useSearchParams } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";

/** An id a page was opened with: absent, not a valid id, or a positive whole number. */
export type PageId = { kind: "missing" } | { kind: "invalid"; raw: string } | { kind: "ok"; id: number };

/** Parses an id from the URL or navigation state. */
export function parseId(raw: unknown): PageId {
  if (raw === undefined || raw === null || raw === "") return { kind: "missing" };
  const text = String(raw).trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2 ** 31) return { kind: "invalid", raw: text };
  return { kind: "ok", id: Number(text) };
}

/**
 * The id a page works on: from the URL (`?param=`, so reloads and shared links
 * work) or else from navigation state (`state[stateKey]`).
 */
export function usePageId(param: string, stateKey: string = param): PageId {
  const [params] = useSearchParams();
  const state = useHistoryState<Record<string, unknown> | null>();
  const fromUrl = params.get(param);
  if (fromUrl !== null) return parseId(fromUrl);
  return parseId(state && typeof state === "object" ? state[stateKey] : undefined);
}

/** A value a page was sent with in navigation state (the result just submitted, a flash message). */
export function useNavigationState<T>(key: string): T | undefined {
  const state = useHistoryState<Record<string, unknown> | null>();
  return state && typeof state === "object" ? (state[key] as T | undefined) : undefined;
}
