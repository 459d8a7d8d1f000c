/**
 * The session: who is signed in, and the server's public settings.
 * `loading` is true until the first check has answered, and again while `refresh()` runs.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { getCurrentUser } from "../api/auth.ts";
import { onUnauthorized } from "../api/client.ts";
import { DEFAULT_CONFIG, getConfig } from "../api/config.ts";
import type { PublicConfig, User } from "../api/types.ts";

export interface Session {
  user: User | null;
  loading: boolean;
  config: PublicConfig;
  /** Asks the server again; resolves to the user (or null). */
  refresh: () => Promise<User | null>;
  setUser: (user: User | null) => void;
}

const SessionContext = createContext<Session | null>(null);

function fetchUser(): Promise<User | null> {
  return getCurrentUser().then(
    (user) => user,
    () => null,
  );
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [config, setConfig] = useState<PublicConfig>(DEFAULT_CONFIG);

  useEffect(() => {
    let live = true;
    const configLoaded = getConfig().then(
      (loaded) => {
        if (live) setConfig({ ...DEFAULT_CONFIG, ...loaded });
      },
      () => undefined,
    );
    void Promise.all([fetchUser(), configLoaded]).then(([found]) => {
      if (!live) return;
      setUser(found);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => onUnauthorized(() => setUser(null)), []);

  const refresh = useCallback(async () => {
    setLoading(true);
    const found = await fetchUser();
    setUser(found);
    setLoading(false);
    return found;
  }, []);

  const value = useMemo<Session>(() => ({ user, loading, config, refresh, setUser }), [user, loading, config, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>.");
  return session;
}

/** True when this user must confirm their e-mail before using the app. */
export function needsVerification(user: Pick<User, "is_verified"> | null, config: PublicConfig): boolean {
  return Boolean(user && config.require_email_verification && !user.is_verified);
}
