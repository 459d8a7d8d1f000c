import type { AppContext } from "../core/context.ts";
import { withTransaction } from "../core/db.ts";
import { hashesOfUser } from "../materials/directory.ts";
import { releaseDocument } from "../materials/service.ts";

/**
 * Deletes a user row and, through the foreign keys, everything they own, inside the caller's
 * transaction when there is one. Returns the stored documents their files referred to: release them
 * (releaseDocuments) after the commit, so a rolled-back deletion never loses bytes.
 */
export async function deleteUserRows(app: AppContext, userId: number): Promise<string[]> {
  const hashes = await hashesOfUser(app.db, userId);
  // Sessions, tokens and everything else the user owns go with the row (foreign keys cascade).
  await app.db("users").where({ id: userId }).delete();
  return hashes;
}

/** Drops the bytes of documents nobody refers to any more (others' files keep theirs). */
export async function releaseDocuments(app: AppContext, hashes: string[]): Promise<void> {
  for (const hash of hashes) await releaseDocument(app, hash);
}

/**
 * Removes a user and everything they own, releasing stored files by reference. `check` runs first in
 * the same transaction (e.g. "another administrator remains"), so nothing changes between the two.
 */
export async function releaseUserData(app: AppContext, userId: number, check?: (trx: AppContext) => Promise<void>): Promise<void> {
  const hashes = await withTransaction(app, async (trx) => {
    await check?.(trx);
    return deleteUserRows(trx, userId);
  });
  await releaseDocuments(app, hashes);
}
