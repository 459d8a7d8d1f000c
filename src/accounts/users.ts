import type { Role, SessionUser } from "../core/context.ts";

export interface UserRow {
  id: number;
  username: string;
  username_key: string;
  email: string;
  password_hash: string;
  /** false: created by signing in with a provider, no password known yet (migration 029). */
  password_set: number | boolean;
  is_verified: number | boolean;
  is_admin: number | boolean;
  role: Role;
  disabled: number | boolean;
  last_active_at: string | null;
  session_version: number;
  created_at: string;
  updated_at: string;
}

/** SQLite hands booleans back as 0/1; the API always says true/false. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    is_admin: row.role === "admin",
    is_verified: Boolean(row.is_verified),
  };
}

export const usernameKey = (username: string) => username.toLowerCase();
