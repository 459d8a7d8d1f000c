/**
 * The hourly housekeeping inside the server: each feature's own tasks (expired sessions, unusable
 * e-mail tokens, registered where the server is wired together), uploads abandoned half-way, and stored
 * PDFs nothing refers to (left by a crash between storing and committing). Anything younger than an
 * hour is left alone, so work in progress is never touched. `studyforge cleanup` (cleanup.ts) is the
 * administrator's larger sweep over the same leftovers and more.
 */
import cron from "node-cron";
import type { AppContext } from "../core/context.ts";
import { onOneInstance } from "../core/leader.ts";
import { shared } from "../core/shared.ts";
import { releaseDocuments } from "../accounts/cleanup.ts";
import { abandonedUploads, orphanedBlobs, removeFiles, removeOrphanedBlobs, unreferencedDocuments } from "../materials/housekeeping.ts";

const HOUR = 3600_000;

/** A feature's own housekeeping; returns how much it removed. */
export type MaintenanceTasks = Record<string, (app: AppContext) => Promise<number>>;

export async function runMaintenance(app: AppContext, tasks: MaintenanceTasks) {
  const hourAgo = app.clock.now().getTime() - HOUR;
  const removed: Record<string, number> = {};
  for (const [name, task] of Object.entries(tasks)) removed[name] = await task(app);

  const temp = await abandonedUploads(app.config.dataDir, hourAgo);
  await removeFiles(temp);
  // Documents nobody refers to (an account deleted while its upload was being stored).
  const unused = await unreferencedDocuments(app.db, new Date(hourAgo).toISOString());
  await releaseDocuments(app, unused.map((d) => d.hash));
  const orphans = await orphanedBlobs(app, hourAgo);
  await removeOrphanedBlobs(app, orphans.map((f) => f.hash));

  const summary: Record<string, number> = { ...removed, temp_files: temp.length, unused_documents: unused.length, orphaned_pdfs: orphans.length };
  if (Object.values(summary).some(Boolean)) app.log.info(summary, "maintenance");
  return summary;
}

/**
 * One hour's housekeeping, run by one of the instances sharing the database (src/core/leader.ts): the
 * first to take the lease runs it, the others skip this hour (undefined). The lease outlasts a run (half
 * an hour) and ends before the next.
 */
export function maintenanceOnOneInstance(app: AppContext, tasks: MaintenanceTasks) {
  return onOneInstance(app, "maintenance", HOUR / 2, () => runMaintenance(app, tasks));
}

/** Runs the housekeeping every hour inside the server, on one instance at a time. */
export function scheduleMaintenance(app: AppContext, tasks: MaintenanceTasks) {
  return shared(
    app,
    "maintenance",
    () =>
      cron.schedule("17 * * * *", async () => {
        try {
          await maintenanceOnOneInstance(app, tasks);
        } catch (err) {
          app.log.error({ err }, "maintenance failed");
        }
      }),
    async (task) => {
      await task.stop();
    },
  );
}
