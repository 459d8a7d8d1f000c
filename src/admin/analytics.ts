/**
 * How the installation is used, for the analytics page and `studyforge stats` (one function, so the
 * two always show the same numbers). Each feature answers for its own tables.
 */
import { activeUsersPerDay, countActiveUsers, countUsersByRole, signupsPerDay } from "../accounts/directory.ts";
import type { AppContext } from "../core/context.ts";
import { queueCounts } from "../core/jobs.ts";
import { generationByProvider, testsGeneratedPerDay, topTopics } from "../generation/stats.ts";
import { countUploads, storageTotals, uploadsPerDay } from "../materials/directory.ts";
import { countTestsTaken, scoreSummary, testsTakenPerDay } from "../practice/stats.ts";

/** "Active" means signed in or used the service within this many days (said on the page). */
export const ACTIVE_DAYS = 30;
export const ANALYTICS_DAYS = [7, 30, 90] as const;
export type AnalyticsDays = (typeof ANALYTICS_DAYS)[number];

const DAY = 24 * 3600_000;

/** The UTC days from `days - 1` days ago to today, as YYYY-MM-DD. */
function dayRange(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY).toISOString().slice(0, 10));
}

export async function analytics(app: AppContext, days: AnalyticsDays = 30) {
  const now = app.clock.now();
  const range = dayRange(now, days);
  const since = `${range[0]}T00:00:00.000Z`;
  const { db } = app;
  const [activeUsers, testsTaken, filesUploaded, active, signups, generated, taken, uploads, scores, generation, topics, storage, queue, users] =
    await Promise.all([
      countActiveUsers(db, new Date(now.getTime() - ACTIVE_DAYS * DAY).toISOString()),
      countTestsTaken(db),
      countUploads(db),
      activeUsersPerDay(db, since),
      signupsPerDay(db, since),
      testsGeneratedPerDay(db, since),
      testsTakenPerDay(db, since),
      uploadsPerDay(db, since),
      scoreSummary(db, since),
      generationByProvider(db, since),
      topTopics(db, since),
      storageTotals(db),
      queueCounts(app),
      countUsersByRole(db),
    ]);
  return {
    // The spec's three figures: active users (last 30 days), tests taken and files uploaded (all time).
    activeUsers,
    testsTaken,
    filesUploaded,
    active_days: ACTIVE_DAYS,
    days,
    series: range.map((date) => ({
      date,
      active_users: active[date] ?? 0,
      signups: signups[date] ?? 0,
      tests_generated: generated[date] ?? 0,
      tests_taken: taken[date] ?? 0,
      uploads: uploads[date] ?? 0,
    })),
    average_score: scores.average,
    score_distribution: scores.distribution,
    generation,
    top_topics: topics,
    storage,
    queue,
    users,
  };
}

export type Analytics = Awaited<ReturnType<typeof analytics>>;
