import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { concurrencyLimit } from "../core/concurrency.ts";
import { AppError } from "../core/errors.ts";

/**
 * scrypt runs on libuv's thread pool, which SQLite shares. Unbounded, a flood of wrong passwords
 * took every pool thread and health checks timed out waiting for the database. Two at a time
 * keep the rest of the pool free (src/core/threadpool.ts) and lose no throughput: scrypt is
 * CPU-bound (and takes 32 MiB each), so more at once would not finish sooner on a small server.
 */
const HASH_SLOTS = 2;
/** About 90 ms a check on this machine, two at a time: 100 waiting is a wait of about 5 s, well above a real morning rush (300 logins a minute). */
const HASH_QUEUE = 100;
const hashing = concurrencyLimit(
  HASH_SLOTS,
  HASH_QUEUE,
  () => new AppError(503, "The server is busy checking passwords. Please try again in a few seconds.", { headers: { "Retry-After": "5" } }),
);

const scryptAsync = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  hashing(() => new Promise<Buffer>((resolve, reject) => scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)))));

// N = 2^15 with r = 8 is OWASP's scrypt recommendation; the parameters are stored with each
// hash (scrypt$N$r$p$salt$hash) so they can be raised later without breaking old passwords.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, { ...PARAMS, maxmem: 128 * PARAMS.N * PARAMS.r * 2 });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const N = Number(n);
  const R = Number(r);
  const key = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, { N, r: R, p: Number(p), maxmem: 128 * N * R * 2 });
  return timingSafeEqual(key, expected);
}

/** Verified against when the e-mail is unknown, so a wrong address takes as long as a wrong password. */
export const DUMMY_HASH = await hashPassword(randomBytes(16).toString("hex"));
