import type { Scope } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import { loadTestQuestions } from "../../generation/service.ts";
import { testAttempts } from "../../practice/attempts-query.ts";
import { grade } from "../../practice/grading.ts";
import { findClass } from "../../study/classes/policy.ts";
import { membersOf } from "../assignments/queries.ts";
import { analyseItems, MIN_FLAG_ATTEMPTS, MIN_RELIABLE_ATTEMPTS, type GradedAttempt, type ItemAnalysis } from "./items.ts";
import type { ItemAnalysisOut, ItemAnalysisQuery } from "./schema.ts";

const round = (x: number | null, places = 3) => (x === null ? null : Math.round(x * 10 ** places) / 10 ** places);

/** The test, when the scope is its owner (or an administrator); anyone else gets 404, members of a class it is assigned to too. */
async function ownedTest(scope: Scope, testId: number) {
  const test = await loadTestQuestions(scope, testId);
  if (test.row.user_id !== scope.user.id && !scope.user.is_admin) throw notFound("Test not found.");
  return test;
}

/** Whose attempts count: everyone's but the owner's, or only the members of one class the user teaches. */
async function population(scope: Scope, classId: number | undefined) {
  if (classId === undefined) return { cls: null, onlyUsers: undefined };
  const cls = await findClass(scope, classId, "teach");
  const members = await membersOf(scope, classId);
  return { cls: { id: cls.id, name: cls.name }, onlyUsers: members.map((m) => m.user_id) };
}

/**
 * Item analysis of one of the owner's tests. Each counted attempt is graded again against the test's
 * current questions, so a key the teacher has corrected counts as corrected.
 */
export async function itemAnalysis(scope: Scope, testId: number, query: ItemAnalysisQuery): Promise<ItemAnalysisOut> {
  const { attempts: choice, class_id: classId } = query;
  const { row, questions } = await ownedTest(scope, testId);
  const { cls, onlyUsers } = await population(scope, classId);
  let read = await testAttempts(scope.db, testId, { choice, exceptUser: row.user_id, onlyUsers });
  // The owner's own attempts stand in only while nobody else has taken the test (and never for a class).
  const ownerOnly = read.attempts.length === 0 && !cls;
  if (ownerOnly) read = await testAttempts(scope.db, testId, { choice });
  const lined = read.attempts.filter((a) => a.review.length === questions.length);
  const graded: GradedAttempt[] = lined.map((a) => {
    const { review } = grade(questions, Object.fromEntries(a.review.map((r) => [String(r.index), r.chosen])));
    return { chosen: review.map((r) => r.chosen), correct: review.map((r) => r.correct) };
  });
  const items = analyseItems(questions, graded);
  const scores = graded.map((a) => (questions.length ? a.correct.filter(Boolean).length / questions.length : 0));
  return {
    test_id: row.id,
    name: row.name,
    attempts: choice,
    class: cls,
    counted: {
      attempts: graded.length,
      people: new Set(lined.map((a) => a.user_id)).size,
      owner_only: ownerOnly && graded.length > 0,
      left_out_changed: read.attempts.length - lined.length,
      truncated: read.truncated,
    },
    reliable: graded.length >= MIN_RELIABLE_ATTEMPTS,
    min_reliable_attempts: MIN_RELIABLE_ATTEMPTS,
    min_flag_attempts: MIN_FLAG_ATTEMPTS,
    mean_score: scores.length ? round((scores.reduce((s, x) => s + x, 0) / scores.length) * 100, 1) : null,
    discrimination_index: "point_biserial_corrected",
    questions: items.map(
      (item): ItemAnalysis => ({
        ...item,
        facility: round(item.facility),
        point_biserial: round(item.point_biserial),
        upper_lower: round(item.upper_lower),
        options: item.options.map((o) => ({ ...o, share: round(o.share)! })),
      }),
    ),
  };
}
