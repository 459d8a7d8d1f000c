import { useCallback, useState } from "react";

const read = (key: string): boolean => {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false; // storage blocked (private mode, policy): the flag just is not remembered
  }
};

/** An on/off choice remembered in this browser under `key` (off until the user turns it on). */
export function useStoredFlag(key: string): [boolean, (on: boolean) => void] {
  const [state, setState] = useState(() => ({ key, on: read(key) }));
  // A new key (another test) reads its own remembered value.
  const on = state.key === key ? state.on : read(key);
  const set = useCallback(
    (next: boolean) => {
      try {
        if (next) localStorage.setItem(key, "1");
        else localStorage.removeItem(key);
      } catch {
        // not remembered, still applied
      }
      setState({ key, on: next });
    },
    [key],
  );
  return [on, set];
}
