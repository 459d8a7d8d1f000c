/**
 * The guard of protected pages: wait for the session, then require a (verified, when required) user;
 * with `admin`, an administrator too (anyone else signed in goes to their dashboard).
 */
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { needsVerification, useSession } from "../hooks/session.tsx";
import { PageSpinner } from "./Spinner.tsx";

export interface RequireAuthProps {
  children: ReactNode;
  /** Only administrators (the server refuses everyone else too; this only sends them elsewhere). */
  admin?: boolean;
}

export function RequireAuth({ children, admin = false }: RequireAuthProps) {
  const { user, loading, config } = useSession();
  if (!user && loading) return <PageSpinner label="Checking credentials..." />;
  if (!user) return <Redirect to="/login" replace />;
  if (needsVerification(user, config)) return <Redirect to="/verify-email-prompt" replace />;
  if (admin && !user.is_admin) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
