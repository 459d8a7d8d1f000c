/**
 * Two instances starting together on one database both migrate it (tests/api/instances.test.ts starts
 * two real servers so). Here the unlucky interleaving is made to happen every time: instance B lists
 * the pending migrations, then instance A applies them all, then B takes knex's lock. B must not apply
 * them a second time. On SQLite a shared file, on the "postgres" project a new PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { migrations } from "../../migrations/index.ts";
import { loadConfig } from "../../src/core/config.ts";
import { migrate, openDatabase, pendingMigrations, type Db } from "../../src/core/db.ts";
import { migrateBesideOthers } from "../../src/core/leader.ts";
import { testDatabase } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/server.ts";

const dataDir = tempDir("studyforge-migration-race-");
let a: Db;
let b: Db;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const database = await testDatabase({}, undefined);
  drop = database?.drop;
  const config = loadConfig({ DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) });
  [a, b] = [openDatabase(config), openDatabase(config)];
});

afterAll(async () => {
  await a?.destroy();
  await b?.destroy();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real migrations, as one list, every run's own. */
const source = (list: typeof migrations, beforeLock?: () => Promise<void>) => {
  let hook = beforeLock;
  return {
    getMigrations: async () => list,
    getMigrationName: (m: (typeof migrations)[number]) => m.name,
    // knex reads each migration after listing what is pending and before taking its lock.
    getMigration: async (m: (typeof migrations)[number]) => {
      const run = hook;
      hook = undefined;
      await run?.();
      return m;
    },
  };
};

describe("two instances migrating one database at once", () => {
  it("the one that listed the pending migrations before the other applied them does not apply them again", async () => {
    // Both start on a database of an older version: migrations up to 005 applied, 006 (which adds a
    // column, and fails if run twice) on are pending.
    const older = migrations.slice(0, migrations.findIndex((m) => m.name === "006_storage"));
    await migrate(a, source(older));
    let appliedByA: string[] = [];
    const appliedByB = await migrateBesideOthers(() => migrate(b, source(migrations, async () => {
      appliedByA = await migrate(a);
    })), 3);
    expect(appliedByA).toEqual(migrations.slice(older.length).map((m) => m.name));
    expect(appliedByB).toEqual([]);
    const rows: { name: string }[] = await b("knex_migrations").select("name");
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    expect(await pendingMigrations(b)).toEqual([]);
    // The lock was let go: a later start migrates (nothing) without waiting.
    expect(await migrate(a)).toEqual([]);
  });
});
