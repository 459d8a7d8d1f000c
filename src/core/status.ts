import { describeProvider } from "../generation/describe.ts";
import { VERSION, type AppContext } from "./context.ts";

const count = async (app: AppContext, table: string, where: Record<string, unknown> = {}) =>
  Number((await app.db(table).where(where).count({ n: "*" }).first())?.n ?? 0);

/** What an operator wants to know at a glance: where the data is and what is in it. */
export async function systemStatus(app: AppContext) {
  const provider = describeProvider(app.config);
  return {
    version: VERSION,
    data_dir: app.config.dataDir,
    database: app.config.databaseFile,
    users: await count(app, "users"),
    admins: await count(app, "users", { is_admin: true }),
    study_materials: await count(app, "study_materials"),
    tests: await count(app, "tests"),
    results: await count(app, "results"),
    jobs_waiting: await count(app, "jobs", { state: "queued" }),
    ai_provider: `${provider.name} (${provider.model})`,
    mail: app.config.smtpUrl ? "SMTP" : "written to the log (no SMTP_URL)",
    email_verification: app.config.requireEmailVerification ? "required" : "not required",
  };
}

export type SystemStatus = Awaited<ReturnType<typeof systemStatus>>;
