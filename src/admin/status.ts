/** `studyforge status`: where the data is, what is in it and how it is configured, from each feature's counts. */
import { countUsersByRole } from "../accounts/directory.ts";
import { VERSION, type AppContext } from "../core/context.ts";
import { databaseName } from "../core/db.ts";
import { queueCounts } from "../core/jobs.ts";
import { describeProvider } from "../generation/describe.ts";
import { countTests } from "../generation/housekeeping.ts";
import { countUploads } from "../materials/directory.ts";
import { countTestsTaken } from "../practice/stats.ts";

/** What an operator wants to know at a glance: where the data is and what is in it. */
export async function systemStatus(app: AppContext) {
  const provider = describeProvider(app.config);
  const { db } = app;
  const [roles, materials, tests, results, queue] = await Promise.all([countUsersByRole(db), countUploads(db), countTests(db), countTestsTaken(db), queueCounts(app)]);
  return {
    version: VERSION,
    data_dir: app.config.dataDir,
    database: databaseName(app.config),
    users: roles.student + roles.teacher + roles.admin,
    admins: roles.admin,
    study_materials: materials,
    tests,
    results,
    jobs_waiting: queue.queued,
    ai_provider: `${provider.name} (${provider.model})`,
    mail: app.config.smtpUrl ? "SMTP" : "written to the log (no SMTP_URL)",
    email_verification: app.config.requireEmailVerification ? "required" : "not required",
  };
}

export type SystemStatus = Awaited<ReturnType<typeof systemStatus>>;
