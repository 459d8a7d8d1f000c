import type { AppContext } from "../core/context.ts";
import { releaseForUser } from "../materials/service.ts";

/**
 * Removes a user and everything they own. Owned rows go with the user (foreign keys cascade);
 * stored files are released by the features that keep them, so bytes another account still
 * refers to stay on disk.
 */
export async function releaseUserData(app: AppContext, userId: number): Promise<void> {
  // Bumping the session version first means the account's tokens stop working even if a
  // later step fails.
  await app.db("users").where({ id: userId }).increment("session_version", 1);
  await releaseForUser(app, userId);
  await app.db("users").where({ id: userId }).delete();
}
