import { useCallback, useState } from "react";
import { errorMessage } from "../api/client.ts";

/**
 * State for one user action (a form submit, a button): `busy` while it runs,
 * `error` with a message when it fails. `run` resolves to the action's result,
 * or undefined when it failed.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(action: () => Promise<T>, describe: (err: unknown) => string = (err) => errorMessage(err)) => {
      setBusy(true);
      setError(null);
      try {
        return await action();
      } catch (err) {
        setError(describe(err));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  return { busy, error, setError, run };
}
