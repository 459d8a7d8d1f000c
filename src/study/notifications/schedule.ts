/** The daily "cards due today" reminders, scheduled inside the server (registered in src/server.ts). */
import cron from "node-cron";
import type { AppContext } from "../../core/context.ts";
import { onOneInstance } from "../../core/leader.ts";
import { shared } from "../../core/shared.ts";
import { remindEveryoneOfDueCards } from "./service.ts";

/** Every morning at 06:00 UTC, before school, on one of the instances sharing the database (src/core/leader.ts). */
export function scheduleDueReminders(app: AppContext) {
  return shared(
    app,
    "due-reminders",
    () =>
      cron.schedule(
        "0 6 * * *",
        async () => {
          try {
            const written = await onOneInstance(app, "due-reminders", 3600_000, () => remindEveryoneOfDueCards(app));
            if (written) app.log.info({ reminders: written }, "cards due today");
          } catch (err) {
            app.log.error({ err }, "due-card reminders failed");
          }
        },
        { timezone: "UTC" },
      ),
    async (task) => {
      await task.stop();
    },
  );
}
