import type { Clock } from "../core/clock.ts";
import { lockKey, type Db } from "../core/db.ts";
import { AppError } from "../core/errors.ts";
import { INSTANCE_ID } from "../core/leader.ts";
import type { Ctx } from "../http/state.ts";
import { slots, uploadKeyOf } from "./upload-progress.ts";

/**
 * Uploads one user may have in progress at once (receiving, waiting for the scanner, scanning). Their
 * scans run one at a time anyway (the scan pool); without this bound a script could park a hundred
 * 50 MB temporary files on the server while they wait. Counted in the database (table upload_slots), so
 * the bound holds across every instance: a slot is a row the receiving instance renews while the upload
 * lasts and deletes when the response is over; a row of an instance that died lapses after SLOT_LEASE_MS.
 */
export const MAX_UPLOADS_PER_USER = 3;
const SLOT_LEASE_MS = 90_000;
const RENEW_EVERY_MS = 30_000;

/**
 * Takes one of the signed-in user's upload slots until the response is over (or the client is gone).
 * The request may name the upload (`?upload=<key>`, a key the client chose) to follow its progress
 * (upload-progress.ts).
 */
export async function takeUploadSlot(ctx: Ctx): Promise<void> {
  const { app } = ctx.state;
  const userId = ctx.state.user!.id;
  const uploadKey = uploadKeyOf(ctx);
  const now = () => app.clock.now().getTime();
  let gone = false;
  const noteGone = () => (gone = true);
  ctx.res.once("close", noteGone);
  // Counting the live slots and adding one are one step: two uploads at once cannot both take the last.
  const id = await app.db.transaction(async (trx) => {
    await lockKey(trx, `upload-slots:${userId}`);
    await trx("upload_slots").where({ user_id: userId }).andWhere("expires_at", "<=", now()).delete();
    const taken = Number((await trx("upload_slots").where({ user_id: userId }).count({ n: "*" }).first())?.n ?? 0);
    if (taken >= MAX_UPLOADS_PER_USER) {
      throw new AppError(429, `You already have ${MAX_UPLOADS_PER_USER} uploads in progress. Wait for one to finish, then try again.`, {
        headers: { "Retry-After": "10" },
      });
    }
    const [row] = await trx("upload_slots").insert({ user_id: userId, holder: INSTANCE_ID, expires_at: now() + SLOT_LEASE_MS, upload_key: uploadKey }).returning("id");
    return (typeof row === "object" ? row.id : row) as number;
  });
  ctx.res.off("close", noteGone);
  slots.set(ctx, id);
  const failed = (err: unknown) => app.log.warn({ err, user_id: userId }, "upload slot: the database did not answer");
  const release = () => {
    clearInterval(renew);
    void app.db("upload_slots").where({ id }).delete().catch(failed);
  };
  const renew = setInterval(() => void app.db("upload_slots").where({ id }).update({ expires_at: now() + SLOT_LEASE_MS }).catch(failed), RENEW_EVERY_MS);
  renew.unref();
  // The client may have gone while the slot was being taken: then 'close' has fired already.
  if (gone) release();
  else ctx.res.once("close", release);
}

/** Slots of instances that died mid-upload, past their lease: the hourly housekeeping's part. */
export async function removeLapsedUploadSlots(app: { db: Db; clock: Clock }): Promise<number> {
  return app.db("upload_slots").where("expires_at", "<=", app.clock.now().getTime()).delete();
}
