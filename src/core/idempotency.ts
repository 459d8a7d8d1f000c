/**
 * Idempotency-Key for requests that start work (POST /api/gpt/generate): a client that lost the answer
 * (a dropped connection, a load balancer's retry, a second instance) sends the same request with the
 * same key and gets the first one's outcome instead of a second run. The key lives in the database
 * (table idempotency_keys) for 24 hours, so it holds on every instance. The first request claims the
 * key (a unique row per user, route and key: of two at once, one insert wins), then records what it
 * started (a job) or what it answered; a retry finds that. Submissions have their own key on `results`
 * (src/practice/service.ts), taken in the same transaction as the attempt.
 */
import { z } from "zod";
import { AppError } from "./errors.ts";
import type { Scope } from "./context.ts";

export const KEPT_MS = 24 * 3600_000;
/** A claim that recorded nothing for this long belonged to a request that died: a retry may take it over. */
const ABANDONED_MS = 10 * 60_000;

export const IdempotencyKeyHeader = z.string().trim().min(1).max(128, "Idempotency-Key is too long (at most 128 characters).");

interface KeyRow {
  id: number;
  job_id: number | null;
  response: string | null;
  created_at: string;
}

/** What a retry finds: the first request's job, or its stored answer. */
export type Earlier = { job_id: number; response?: undefined } | { job_id?: undefined; response: unknown };

export interface Claim {
  /** Set when the key was used before: what the first request started or answered. */
  earlier?: Earlier;
  /** The first request's job, recorded as soon as it is queued. */
  started(jobId: number): Promise<void>;
  /** The first request's answer, when it did its work without a job. */
  answered(response: unknown): Promise<void>;
  /** The first request failed before starting anything: the key is free again. */
  release(): Promise<void>;
}

const stillAnswering = () =>
  new AppError(409, "A request with this Idempotency-Key is still being answered. Try again in a moment.", { headers: { "Retry-After": "5" } });

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

/**
 * Claims `key` for the user on `route`. A retry of a request still being answered, which has not yet
 * started anything, gets 409 with Retry-After.
 */
export async function claimIdempotencyKey(scope: Scope, route: string, key: string): Promise<Claim> {
  const now = scope.clock.now();
  const where = { user_id: scope.user.id, route, key };
  // Past 24 hours a key is forgotten, whether or not the housekeeping removed it yet.
  await scope.db("idempotency_keys").where(where).andWhere("created_at", "<", new Date(now.getTime() - KEPT_MS).toISOString()).delete();
  let id: number | undefined;
  for (let attempt = 0; attempt < 2 && id === undefined; attempt++) {
    try {
      const [row] = await scope.db("idempotency_keys").insert({ ...where, created_at: now.toISOString() }).returning("id");
      id = (typeof row === "object" ? row.id : row) as number;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const found: KeyRow | undefined = await scope.db("idempotency_keys").where(where).first();
      if (!found) continue; // released in between: claim it now
      if (found.job_id !== null) return { ...noop, earlier: { job_id: found.job_id } };
      if (found.response !== null) return { ...noop, earlier: { response: JSON.parse(found.response) } };
      if (Date.parse(found.created_at) > now.getTime() - ABANDONED_MS) {
        throw stillAnswering();
      }
      await scope.db("idempotency_keys").where({ id: found.id, job_id: null, response: null }).delete();
    }
  }
  if (id === undefined) throw stillAnswering();
  const row = () => scope.db("idempotency_keys").where({ id });
  return {
    started: async (jobId) => void (await row().update({ job_id: jobId })),
    answered: async (response) => void (await row().update({ response: JSON.stringify(response) })),
    release: async () => void (await row().delete()),
  };
}

const noop = { started: async () => {}, answered: async () => {}, release: async () => {} };

/** Keys older than 24 hours: the hourly housekeeping's part. */
export async function removeOldIdempotencyKeys(app: Pick<Scope, "db" | "clock">): Promise<number> {
  return app.db("idempotency_keys").where("created_at", "<", new Date(app.clock.now().getTime() - KEPT_MS).toISOString()).delete();
}
