/** The signed-in user's own profile and account. */
import { api, type CallOptions } from "./client.ts";
import type { ProfileUpdate, User } from "./types.ts";

/** The profile for editing; unlike `getCurrentUser`, a 401 here means the session ended. */
export function getProfile(options?: CallOptions): Promise<User> {
  return api.get<User>("/api/users/profile", options);
}

export function updateProfile(body: ProfileUpdate, options?: CallOptions): Promise<User> {
  return api.put<User>("/api/users/profile", body, options);
}

/** Deletes the account after checking its password; a 401 or 403 means a wrong password. */
export function deleteAccount(password: string, options?: CallOptions): Promise<void> {
  return api.delete<void>("/api/users/me", { password }, { ...options, allow401: true });
}
