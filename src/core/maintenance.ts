import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import cron from "node-cron";
import type { AppContext } from "./context.ts";
import { shared } from "./shared.ts";
import { releaseDocument } from "../materials/service.ts";

const HOUR = 3600_000;

/** Files under `dir` (recursively) last changed before `before`. */
async function oldFiles(dir: string, before: number): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    // An upload may finish (and remove its temporary file) while we look.
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) files.push(file);
  }
  return files;
}

/**
 * A feature's own housekeeping (expired sessions, unusable e-mail tokens), registered where the
 * server is wired together, so core imports no feature for it. Returns how much it removed.
 */
export type MaintenanceTasks = Record<string, (app: AppContext) => Promise<number>>;

/**
 * Housekeeping: the features' tasks, uploads abandoned half-way, and stored PDFs no document
 * refers to (left by a crash between storing and committing). Anything younger than an hour is
 * left alone, so work in progress is never touched.
 */
export async function runMaintenance(app: AppContext, tasks: MaintenanceTasks) {
  const now = app.clock.now().getTime();
  const removed: Record<string, number> = {};
  for (const [name, task] of Object.entries(tasks)) removed[name] = await task(app);

  const temp = await oldFiles(path.join(app.config.dataDir, "tmp"), now - HOUR);
  for (const file of temp) await rm(file, { force: true });

  // Documents nobody refers to (an account deleted while its upload was being stored).
  const unused: string[] = await app.db("documents as d")
    .leftJoin("study_materials as m", "m.hash", "d.hash")
    .whereNull("m.id")
    .where("d.created_at", "<", new Date(now - HOUR).toISOString())
    .pluck("d.hash");
  for (const hash of unused) await releaseDocument(app, hash);

  let orphans = 0;
  for (const file of await oldFiles(path.join(app.config.dataDir, "uploads"), now - HOUR)) {
    const hash = path.basename(file, ".pdf");
    if (!(await app.db("documents").where({ hash }).first("hash"))) {
      await rm(file, { force: true });
      orphans += 1;
    }
  }
  const summary: Record<string, number> = { ...removed, temp_files: temp.length, unused_documents: unused.length, orphaned_pdfs: orphans };
  if (Object.values(summary).some(Boolean)) app.log.info(summary, "maintenance");
  return summary;
}

/** Runs the housekeeping every hour inside the server. */
export function scheduleMaintenance(app: AppContext, tasks: MaintenanceTasks) {
  return shared(
    app,
    "maintenance",
    () =>
      cron.schedule("17 * * * *", async () => {
        try {
          await runMaintenance(app, tasks);
        } catch (err) {
          app.log.error({ err }, "maintenance failed");
        }
      }),
    async (task) => {
      await task.stop();
    },
  );
}
