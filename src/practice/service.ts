import type { Scope } from "../core/context.ts";
import { withTransaction } from "../core/db.ts";
import { lockKeyShared } from "../core/dialect.ts";
import { AppError, conflict } from "../core/errors.ts";
import { findOwned } from "../core/policy.ts";
import { loadTestQuestions, presentTest } from "../generation/service.ts";
import { pageUnitOf } from "../materials/queries.ts";
import { questionsVersion, testQuestionsLock } from "../generation/version.ts";
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
  /** The assignment the attempt counted for; null for practice on one's own test. */
  assignment_id: number | null;
  created_at: string;
}

/** A question's review with its answer withheld (null) when the assignment's rule hides it for now. */
export type ResultReviewItem = Omit<ReviewItem, "answer"> & { answer: string | null };

const CHANGED = "This test was changed while you were taking it. Reload it to see the new questions.";
const NOT_OWN = "The answers of this test are not shown: it is no longer assigned to you.";

/**
 * Why the answers of this attempt are withheld from the viewer, or null when they are shown: an
 * assignment decides for its attempts (after submission, after the due time, never); someone else's
 * test taken without one (its assignment was removed) shows none. Administrators see everything.
 */
async function answersHidden(scope: Scope, row: ResultRow, testOwner: number): Promise<string | null> {
  if (scope.user.is_admin || testOwner === row.user_id) return null;
  if (row.assignment_id === null) return NOT_OWN;
  return (await scope.sharing.reviewRule(scope, row.assignment_id)).hidden;
}

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed|duplicate key/i.test(String((err as Error)?.message));

async function present(scope: Scope, row: ResultRow) {
  // The result is the viewer's (or an admin's to see): with it, the test it was taken on.
  const { row: test } = await loadTestQuestions(scope, row.test_id, "result");
  const hidden = await answersHidden(scope, row, test.user_id);
  const review = JSON.parse(row.review) as ReviewItem[];
  const shown = presentTest(test, hidden ? "take" : undefined);
  return {
    result_id: row.id,
    test_id: row.test_id,
    test_name: test.name,
    score: row.score,
    correct: row.correct,
    total: row.total,
    test_metadata: shown.test_metadata,
    /** What the questions' source pages are (a PDF's pages, slides, sections), for "Source: slide 4". */
    page_unit: await pageUnitOf(scope.db, test.study_material_id),
    submitted_answers: JSON.parse(row.answers) as Record<string, string | null>,
    review: (hidden ? review.map((r) => ({ ...r, answer: null })) : review) as ResultReviewItem[],
    /** Why the answers are not shown (score and right/wrong still are), or null. */
    answers_hidden: hidden,
    assignment_id: row.assignment_id,
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
  let id: number;
  try {
    // The questions are read, graded and the attempt recorded in one transaction, serialised with the
    // owner's edits of the test (edit.ts takes the same lock), so an attempt is graded against the
    // questions it was given on or refused. Someone else's test is taken for an assignment: which one,
    // and whether an attempt is left, is decided here too, so parallel submissions cannot pass the limit.
    // The lock is shared: submissions exclude only edits, not each other (a year submitting one exam).
    id = await withTransaction(scope, async (tx) => {
      await lockKeyShared(tx.db, testQuestionsLock(input.test_id));
      const { row: test, questions } = await loadTestQuestions(tx, input.test_id);
      if (input.version !== undefined && input.version !== questionsVersion(test.questions)) throw conflict(CHANGED);
      const outside = Object.keys(input.answers).map(Number).find((i) => i >= questions.length);
      if (outside !== undefined) {
        throw new AppError(422, [{ loc: ["body", "answers", String(outside)], msg: `There is no question ${outside} in this test (it has ${questions.length}).`, type: "value_error" }]);
      }
      const graded = grade(questions, input.answers);
      const answers = Object.fromEntries(graded.review.map((r) => [String(r.index), r.chosen]));
      const claim = test.user_id === tx.user.id ? null : await tx.sharing.claimAttempt(tx, test.id);
      const [row] = await tx
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
          assignment_id: claim?.assignment_id ?? null,
          created_at: tx.clock.now().toISOString(),
        })
        .returning("id");
      return (typeof row === "object" ? row.id : row) as number;
    });
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
