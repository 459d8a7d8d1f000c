import type { AppContext } from "./context.ts";

interface Entry {
  value: unknown;
  close: () => Promise<void>;
}

/** The process-wide resources of one context; scopes (`{ ...app, user }`) share it by reference. */
export type Resources = Map<string, Entry>;

/**
 * A resource made on first use and closed with the context (worker pools, job runners), so the
 * CLI starts only what its command needs and the server's shutdown stops all of it.
 */
export function shared<T>(app: AppContext, key: string, create: () => T, close: (value: T) => Promise<void>): T {
  const found = app.resources.get(key);
  if (found) return found.value as T;
  const value = create();
  app.resources.set(key, { value, close: () => close(value) });
  return value;
}

export async function closeShared(app: AppContext): Promise<void> {
  // Last made, first closed: a job runner stops before the pool it uses.
  const entries = [...app.resources.values()].reverse();
  app.resources.clear();
  for (const entry of entries) await entry.close();
}
