import type { Scope } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { findOwned } from "../core/policy.ts";
import { loadTestQuestions, presentTest } from "../generation/service.ts";
import { grade, type ReviewItem } from "./grading.ts";
import type { SubmitInput } from "./schema.ts";

interface ResultRow {
  id: number;
  user_id: number;
  test_id: number;
  score: number;
  correct: number;
  total: number;
  answers: string;
  review: string;
  created_at: string;
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

async function present(scope: Scope, row: ResultRow) {
  const { row: test } = await loadTestQuestions(scope, row.test_id);
  return {
    result_id: row.id,
    test_id: row.test_id,
    test_name: test.name,
    score: row.score,
    correct: row.correct,
    total: row.total,
    test_metadata: presentTest(test).test_metadata,
    submitted_answers: JSON.parse(row.answers) as Record<string, string | null>,
    review: JSON.parse(row.review) as ReviewItem[],
    submitted_at: row.created_at,
  };
}

const findByKey = (scope: Scope, key: string): Promise<ResultRow | undefined> =>
  scope.db("results").where({ user_id: scope.user.id, idempotency_key: key }).first();

/**
 * Grades and records one attempt. The row is committed before the answer goes out; a retry
 * with the same Idempotency-Key gets the first result instead of a second attempt.
 */
export async function submit(scope: Scope, input: SubmitInput, idempotencyKey?: string) {
  if (idempotencyKey) {
    const earlier = await findByKey(scope, idempotencyKey);
    if (earlier) return { result: await present(scope, earlier), created: false };
  }
  const { row: test, questions } = await loadTestQuestions(scope, input.test_id);
  const outside = Object.keys(input.answers).map(Number).find((i) => i >= questions.length);
  if (outside !== undefined) {
    throw new AppError(422, [{ loc: ["body", "answers", String(outside)], msg: `There is no question ${outside} in this test (it has ${questions.length}).`, type: "value_error" }]);
  }
  const graded = grade(questions, input.answers);
  const answers = Object.fromEntries(graded.review.map((r) => [String(r.index), r.chosen]));
  let id: number;
  try {
    const [row] = await scope
      .db("results")
      .insert({
        user_id: scope.user.id,
        test_id: test.id,
        score: graded.score,
        correct: graded.correct,
        total: graded.total,
        answers: JSON.stringify(answers),
        review: JSON.stringify(graded.review),
        idempotency_key: idempotencyKey ?? null,
        created_at: scope.clock.now().toISOString(),
      })
      .returning("id");
    id = typeof row === "object" ? row.id : row;
  } catch (err) {
    // The same key submitted twice at once: the second finds the first.
    const earlier = idempotencyKey && isUniqueViolation(err) ? await findByKey(scope, idempotencyKey) : undefined;
    if (earlier) return { result: await present(scope, earlier), created: false };
    throw err;
  }
  return { result: await getResult(scope, id), created: true };
}

export async function getResult(scope: Scope, id: number) {
  return present(scope, await findOwned<ResultRow>(scope, "results", id, "Result"));
}

export async function listResults(scope: Scope) {
  const rows: ResultRow[] = await scope.db("results").where({ user_id: scope.user.id }).orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }]);
  const results = [];
  for (const row of rows) {
    const { review: _review, ...rest } = await present(scope, row);
    results.push(rest);
  }
  return results;
}

/**
 * Practice's part of the dashboard: recent tests with their latest score, statistics over every
 * attempt, and the background picture. The dashboard itself (src/study/dashboard.ts) adds goals,
 * notifications and flashcards, which practice cannot know about.
 */
export async function practiceSummary(scope: Scope) {
  const tests: { id: number; name: string; created_at: string }[] = await scope
    .db("tests")
    .where({ user_id: scope.user.id })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }])
    .limit(5)
    .select("id", "name", "created_at");
  const attempts: { id: number; test_id: number; score: number }[] = tests.length
    ? await scope.db("results").whereIn("test_id", tests.map((t) => t.id)).where({ user_id: scope.user.id }).orderBy("id", "asc").select("id", "test_id", "score")
    : [];
  // Later attempts overwrite earlier ones: the map ends up with each test's latest.
  const latestByTest = new Map(attempts.map((r) => [r.test_id, r]));
  const stats = await scope.db("results").where({ user_id: scope.user.id }).first(
    scope.db.raw("count(*) as n"),
    scope.db.raw("avg(score) as average"),
    scope.db.raw("max(score) as best"),
    scope.db.raw("min(score) as worst"),
  );
  const some = Number(stats?.n ?? 0) > 0;
  return {
    recent_tests: tests.map((t) => ({
      id: t.id,
      name: t.name,
      score: latestByTest.get(t.id)?.score ?? null,
      result_id: latestByTest.get(t.id)?.id ?? null,
      created_at: t.created_at,
    })),
    statistics: {
      average_score: some ? Math.round(Number(stats.average) * 10) / 10 : null,
      best_score: some ? Number(stats.best) : null,
      worst_score: some ? Number(stats.worst) : null,
    },
    background_image: scope.config.dashboardBackgroundUrl,
  };
}
