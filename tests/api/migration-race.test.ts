/**
 * Instances starting together on one database all migrate it (tests/api/instances.test.ts starts two
 * real servers so). Here the hard cases are made to happen every time: several migrating at once on a
 * fresh database, one holding the lock while another starts, and a migrator killed while it held it.
 * On SQLite a shared file, on the "postgres" project a new PostgreSQL database per case.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index.ts";
import { loadConfig } from "../../src/core/config.ts";
import { migrate, openDatabase, pendingMigrations, type Db } from "../../src/core/db.ts";
import { NODE, ROOT } from "../helpers/cli.ts";
import { testDatabase } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/server.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database and `count` handles on it, as that many instances would open it. */
async function freshDatabase(count: number): Promise<{ env: Record<string, string>; handles: Db[] }> {
  const dataDir = tempDir("studyforge-migration-race-");
  const database = await testDatabase({}, undefined);
  const env = { DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) };
  const handles = Array.from({ length: count }, () => openDatabase(loadConfig(env)));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), async () => void (await database?.drop?.()), async () => {
    for (const db of handles) await db.destroy();
  });
  return { env, handles };
}

const names = migrations.map((m) => m.name);

/** What knex recorded: every migration's name as often as it was applied, and its lock rows. */
async function bookkeeping(db: Db) {
  const applied: { name: string }[] = await db("knex_migrations").select("name").orderBy("id");
  const locks: { is_locked: number | boolean }[] = await db("knex_migrations_lock").select("is_locked");
  return { applied: applied.map((r) => r.name), locks: locks.map((r) => Number(r.is_locked)) };
}

/** Resolves with whether `promise` settled within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe("instances migrating one database at once", () => {
  it("on a fresh database, four at once: one applies every migration once, the others find nothing to do", async () => {
    const { handles } = await freshDatabase(4);
    const results = await Promise.all(handles.map((db) => migrate(db)));
    expect(results.filter((applied) => applied.length)).toEqual([names]);
    // knex's own lock table was made once: a second row made it refuse its lock for ever.
    expect(await bookkeeping(handles[0]!)).toEqual({ applied: names, locks: [0] });
    expect(await pendingMigrations(handles[1]!)).toEqual([]);
  });

  it("one that starts while another migrates waits for it, then applies nothing again", async () => {
    const { handles: [a, b] } = await freshDatabase(2);
    // A pauses inside its migration, holding the lock, until B has had time to start.
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let reached!: () => void;
    const inside = new Promise<void>((r) => (reached = r));
    const slow = { ...migrations[0]!, up: async (db: Db) => (reached(), await paused, migrations[0]!.up(db)) };
    const byA = migrate(a!, { getMigrations: async () => [slow, ...migrations.slice(1)], getMigrationName: (m) => m.name, getMigration: async (m) => m });
    await inside;
    const byB = migrate(b!);
    expect(await settlesWithin(byB, 500)).toBe(false);
    resume();
    expect(await byA).toEqual(names);
    expect(await byB).toEqual([]);
    expect(await bookkeeping(b!)).toEqual({ applied: names, locks: [0] });
  });

  it("a migrator killed while it held the lock holds no one up: the next start migrates", async () => {
    const { env, handles: [db] } = await freshDatabase(1);
    // A process takes the lock and knex's (as one killed in the middle of a migration leaves them) and is killed.
    const script = `
      import { loadConfig } from "./src/core/config.ts";
      import { openDatabase } from "./src/core/db.ts";
      import { holdMigrationLock } from "./src/core/migration-lock.ts";
      const db = openDatabase(loadConfig(process.env));
      await holdMigrationLock(db);
      await db.migrate.latest({ migrationSource: { getMigrations: async () => [], getMigrationName: () => "", getMigration: async () => ({}) } });
      await db("knex_migrations_lock").update({ is_locked: 1 });
      console.log("holding");
      setInterval(() => {}, 1000);`;
    const child = spawn(NODE, ["--input-type=module", "-e", script], { cwd: ROOT, env: { ...process.env, ...env } });
    cleanups.push(() => void child.kill("SIGKILL"));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d) => String(d).includes("holding") && resolve());
      child.on("exit", (code) => reject(new Error(`the holder exited (${code})`)));
    });
    const byNext = migrate(db!);
    expect(await settlesWithin(byNext, 500)).toBe(false);
    child.kill("SIGKILL");
    expect(await byNext).toEqual(names);
    expect(await bookkeeping(db!)).toEqual({ applied: names, locks: [0] });
  });
});
