/** A list loaded for a card: Try again when it failed, a spinner while it loads, its empty state, or the list. */
import type { ReactNode } from "react";
import { errorMessage } from "../../api/client.ts";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import type { Loaded } from "../../hooks/useLoad.ts";

export function LoadedList<T>({ loaded, failed, loading, empty, children }: { loaded: Loaded<T[]>; failed: string; loading: string; empty: ReactNode; children: (rows: T[]) => ReactNode }) {
  if (loaded.failed) return <RetryAlert onRetry={loaded.reload}>{errorMessage(loaded.error, failed)}</RetryAlert>;
  if (!loaded.data) return <Spinner label={loading} />;
  if (loaded.data.length === 0) return <>{empty}</>;
  return <>{children(loaded.data)}</>;
}
