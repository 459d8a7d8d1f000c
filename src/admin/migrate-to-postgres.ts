/**
 * `studyforge migrate-to-postgres --to postgres://…`: a school outgrowing one server moves its SQLite
 * installation into an empty PostgreSQL database. The server must be stopped (the SQLite file must not
 * change while it is read); the target is migrated by this version, then every row is copied by the
 * logical copy (core/table-copy.ts: one transaction, parents first, batches, sequences moved on, counts
 * compared per table). The stored PDFs and secret.key stay where they are: the PostgreSQL installation
 * uses the same DATA_DIR.
 */
import { existsSync } from "node:fs";
import type { Config } from "../core/config.ts";
import { databaseName, migrate, openDb, openPostgres } from "../core/db.ts";
import { AppError, conflict } from "../core/errors.ts";
import { unknownMigrations } from "../core/sqlite-file.ts";
import { copyDatabase, type CopyResult, type TableCount } from "../core/table-copy.ts";
import { assertNotInUse, assertPostgresFree, postgresHolds, TOOL_APPLICATION } from "./backup-database.ts";

export interface MigrationToPostgres extends CopyResult {
  from: string;
  to: string;
  /** Passages the full-text index covers in PostgreSQL (its generated column, filled by the copy). */
  indexed_chunks: number;
}

export async function migrateToPostgres(config: Config, url: string, opts: { onTable?: (count: TableCount) => void } = {}): Promise<MigrationToPostgres> {
  const to = databaseName({ databaseFile: "", postgresUrl: url });
  if (config.postgresUrl) {
    throw new AppError(400, `DATABASE_URL already names PostgreSQL (${databaseName(config)}): migrate-to-postgres reads the SQLite installation, so run it with the SQLite configuration (without DATABASE_URL).`);
  }
  if (!existsSync(config.databaseFile)) throw new AppError(404, `There is no SQLite database at ${config.databaseFile} to copy (check DATA_DIR).`);
  await assertNotInUse(config, "copying it to PostgreSQL");
  await assertPostgresFree(url, "copying into it");
  const holds = await postgresHolds(url);
  if (holds.length) {
    throw conflict(`The PostgreSQL database ${to} is not empty (${holds.slice(0, 5).join(", ")}${holds.length > 5 ? ", …" : ""} hold rows): migrate-to-postgres fills an empty database; create a new one (createdb) and name it in --to.`);
  }

  const source = openDb(config.databaseFile);
  const target = openPostgres(url, 4, TOOL_APPLICATION);
  try {
    const unknown = await unknownMigrations(source);
    if (unknown.length) throw new AppError(422, `${config.databaseFile} was migrated by a newer StudyForge (${unknown[0]}): run that version's migrate-to-postgres.`);
    // Both at this version's tables: an older installation is first brought up to date, as its server would at start.
    await migrate(source);
    await migrate(target);
    const result = await copyDatabase(source, target, opts);
    const [row] = await target("document_chunks").whereNotNull("text_search").count({ n: "*" });
    return { ...result, from: config.databaseFile, to, indexed_chunks: Number(row?.n ?? 0) };
  } finally {
    await Promise.all([source.destroy(), target.destroy()]);
  }
}
