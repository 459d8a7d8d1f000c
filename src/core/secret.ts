import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";

const MIN_BYTES = 32;

/** The key from its base64 text, refused when it is too short to sign with. */
function decode(text: string, origin: string): Uint8Array {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length < MIN_BYTES) throw new Error(`${origin} must hold at least ${MIN_BYTES} random bytes in base64 (openssl rand -base64 32)`);
  return new Uint8Array(key);
}

/**
 * The token signing key. Every instance serving the same users must use the same one, or a session made
 * on one is refused by the next: `SECRET_KEY` (base64, e.g. from `openssl rand -base64 32`) when set,
 * otherwise DATA_DIR/secret.key, created on first start (mode 0600) and reused afterwards, so sessions
 * survive restarts and instances sharing the data directory share the key.
 *
 * Two instances starting at once on a fresh shared directory must end up with one key: each writes a
 * complete key to a file of its own and links it into place, which succeeds for one of them only (link
 * refuses an existing name, also on NFS); the other reads the winner's key, never a half-written file.
 */
export function loadOrCreateSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return decode(fromEnv, "SECRET_KEY");
  const file = path.join(dataDir, "secret.key");
  let existing: string | undefined;
  try {
    existing = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  if (existing === undefined) {
    const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, randomBytes(MIN_BYTES).toString("base64") + "\n");
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      rmSync(temp, { force: true });
    }
    existing = readFileSync(file, "utf8");
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return decode(existing, file);
}
