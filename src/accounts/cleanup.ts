import type { AppContext } from "../core/context.ts";

/**
 * Removes a user and everything they own. Owned rows go with the user (foreign keys cascade);
 * stored files are released by the features that keep them, so bytes another account still
 * refers to stay on disk.
 */
export async function releaseUserData(app: AppContext, userId: number): Promise<void> {
  await app.db.transaction(async (trx) => {
    await trx("users").where({ id: userId }).delete();
  });
}
