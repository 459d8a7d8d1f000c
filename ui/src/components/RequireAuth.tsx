/** The guard of protected pages: wait for the session, then require a (verified, when required) user. */
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { needsVerification, useSession } from "../hooks/session.tsx";
import { PageSpinner } from "./Spinner.tsx";

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, config } = useSession();
  if (!user && loading) return <PageSpinner label="Checking credentials..." />;
  if (!user) return <Redirect to="/login" replace />;
  if (needsVerification(user, config)) return <Redirect to="/verify-email-prompt" replace />;
  return <>{children}</>;
}
