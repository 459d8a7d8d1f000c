/**
 * AI insights: for each topic the student has practised, accuracy over time, the questions and pages
 * most often missed, what to do next, and a written summary. Combines generation's tests and practice's
 * results through their query functions (never their tables), so it sits above both.
 */
import type { Scope } from "../../core/context.ts";
import { userTests } from "../../generation/tests-query.ts";
import type { PageUnit } from "../../materials/formats/types.ts";
import { findMaterial } from "../../materials/policy.ts";
import { latestAttemptsWithReviews } from "../../practice/attempts-query.ts";
import { computeFigures, LIMITS, type TopicFigures } from "./figures.ts";
import type { InsightsOut } from "./schema.ts";
import { summarize } from "./summary.ts";

/**
 * Names the files whose pages are to be reviewed, and says what their pages and those the most missed
 * questions cite are: pages, slides or sections (a deleted file keeps its pages, without a name).
 */
async function nameFiles(scope: Scope, topics: TopicFigures[]) {
  const pages = topics.flatMap((t) => t.next_steps.review_pages);
  const missed = topics.flatMap((t) => t.most_missed);
  const ids = [...new Set([...pages, ...missed].map((p) => p.study_material_id).filter((id): id is number => id !== null))];
  const files = new Map<number, { filename: string; page_unit: PageUnit }>();
  for (const id of ids) {
    const file = await findMaterial(scope, id).catch(() => undefined);
    if (file) files.set(id, file);
  }
  for (const p of pages) {
    const file = p.study_material_id === null ? undefined : files.get(p.study_material_id);
    p.filename = file?.filename ?? null;
    p.page_unit = file?.page_unit ?? "page";
  }
  for (const m of missed) m.page_unit = (m.study_material_id !== null && files.get(m.study_material_id)?.page_unit) || "page";
}

export async function getInsights(scope: Scope): Promise<InsightsOut> {
  const attempts = await latestAttemptsWithReviews(scope.db, scope.user.id, LIMITS.attempts);
  const tests = await userTests(scope.db, scope.user.id, { ids: attempts.map((a) => a.test_id), latest: LIMITS.tests });
  const topics = computeFigures(attempts, tests);
  await nameFiles(scope, topics);
  const summaries = await summarize(scope, scope.user.id, topics);
  return topics.map((t, i) => ({ ...t, summary: summaries[i]! }));
}
