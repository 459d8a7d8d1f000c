import { useCallback, useEffect, useEffectEvent, useState } from "react";
import { isAbortError } from "../api/client.ts";

export interface Loaded<T> {
  /** The answer; undefined until it arrives (and after a failure). */
  data: T | undefined;
  /** What went wrong, when the last load failed. */
  error: unknown;
  /** True when the last load failed. */
  failed: boolean;
  loading: boolean;
  /** Loads again (a "Try again" button, after a change). */
  reload: () => void;
  /** Replaces the data in place (after a local change the server already confirmed). */
  setData: (data: T) => void;
}

/**
 * Loads data for a page when it opens and whenever `key` changes; a `key` of
 * null loads nothing. The call gets an AbortSignal that fires when the page
 * leaves or the key changes, so a late answer never lands on the wrong page.
 */
export function useLoad<T>(key: string | number | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: key !== null,
  });
  const [attempt, setAttempt] = useState(0);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: null, loading: true }));
    run(controller.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, failed: state.error !== null && state.error !== undefined, reload, setData };
}
