import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The token signing key: created on first start (mode 0600) and reused afterwards,
 * so sessions survive restarts.
 */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, "secret.key");
  if (!existsSync(file)) {
    // "wx" fails if another process created it in the meantime; then we read theirs.
    try {
      writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length < 32) throw new Error(`${file} must hold at least 32 random bytes in base64; delete it to create a new one`);
  return new Uint8Array(key);
}
