/**
 * `GET /api/dashboard`, the spec's one call: practice's part (recent tests, statistics, background
 * picture) with the goals, notifications and flashcards practice cannot know about (study depends on
 * practice, not the other way round). The spec's fields keep their shapes; the rest are additions.
 */
import type { Scope } from "../core/context.ts";
import { requireUser } from "../http/auth.ts";
import type { AppRouter } from "../http/state.ts";
import { recentScores } from "../practice/progress.ts";
import { practiceSummary } from "../practice/service.ts";
import { dashboardGoals } from "./goals/service.ts";
import { listNotifications } from "./notifications/service.ts";
import { dueCount } from "./sets/stats.ts";

/** Notifications on the dashboard: the newest few; the rest are on /notifications. */
const DASHBOARD_NOTIFICATIONS = 5;
/** Scores in the dashboard's chart. */
const CHART_SCORES = 10;

export async function dashboard(scope: Scope) {
  const practice = await practiceSummary(scope);
  // Goals first: one reached just now is among the notifications below.
  const goals = await dashboardGoals(scope);
  const notifications = await listNotifications(scope, { limit: DASHBOARD_NOTIFICATIONS });
  return {
    recent_tests: practice.recent_tests,
    goals,
    statistics: practice.statistics,
    notifications: notifications.items,
    background_image: practice.background_image,
    unread_notifications: notifications.unread,
    cards_due_today: await dueCount(scope.db, scope.user.id, scope.clock.now()),
    recent_scores: await recentScores(scope.db, scope.user.id, CHART_SCORES),
  };
}

/**
 * A part of the dashboard that a feature above study adds (teaching's assignments): its fields are
 * merged into the answer. Registered where the router is assembled (src/http/app.ts), since study
 * cannot import the features that build on it.
 */
export type DashboardSection<T extends object> = (scope: Scope) => Promise<T>;

export type DashboardOut = Awaited<ReturnType<typeof dashboard>>;

export function dashboardRoutes<T extends object>(section?: DashboardSection<T>) {
  return (router: AppRouter) => {
    router.get("/api/dashboard", async (ctx) => {
      const scope = requireUser(ctx);
      const base = await dashboard(scope);
      ctx.body = section ? { ...base, ...(await section(scope)) } : base;
    });
  };
}
