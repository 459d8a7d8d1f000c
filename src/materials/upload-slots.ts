import { AppError } from "../core/errors.ts";
import type { Ctx } from "../http/state.ts";

/**
 * Uploads one user may have in progress at once (receiving, waiting for the scanner, scanning). Their
 * scans run one at a time anyway (the scan pool); without this bound a script could park a hundred
 * 50 MB temporary files on the server while they wait. Counted in this process, like the rate limits.
 */
export const MAX_UPLOADS_PER_USER = 3;
const inFlight = new Map<number, number>();

/** Takes one of the signed-in user's upload slots until the response is over (or the client is gone). */
export function takeUploadSlot(ctx: Ctx): void {
  const userId = ctx.state.user!.id;
  const taken = inFlight.get(userId) ?? 0;
  if (taken >= MAX_UPLOADS_PER_USER) {
    throw new AppError(429, `You already have ${MAX_UPLOADS_PER_USER} uploads in progress. Wait for one to finish, then try again.`, {
      headers: { "Retry-After": "10" },
    });
  }
  inFlight.set(userId, taken + 1);
  ctx.res.once("close", () => {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  });
}
