import { requireUser } from "../../http/auth.ts";
import type { AppRouter, Ctx } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { IdParams } from "../../core/schema.ts";
import { noticeReachedGoals } from "../goals/service.ts";
import { NotificationsQuery } from "./schema.ts";
import * as notifications from "./service.ts";

const idOf = (ctx: Ctx) => parse(IdParams, ctx.params, "path").id;

/** The student's notifications (announcements merged in), newest first, with the unread count. */
export function notificationRoutes(router: AppRouter) {
  router.get("/api/notifications", async (ctx) => {
    const scope = requireUser(ctx);
    const query = parse(NotificationsQuery, ctx.query, "query");
    // Goals are measured when read: a goal reached since the last look is notified before the list is made.
    await noticeReachedGoals(scope);
    ctx.body = await notifications.listNotifications(scope, query);
  });

  router.post("/api/notifications/read-all", async (ctx) => {
    ctx.body = await notifications.markAllRead(requireUser(ctx));
  });

  router.post("/api/notifications/:id/read", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await notifications.markRead(scope, idOf(ctx));
  });

  router.post("/api/notifications/announcements/:id/read", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await notifications.markAnnouncementRead(scope, idOf(ctx));
  });
}
