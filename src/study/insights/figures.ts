/**
 * The figures of AI insights, computed from a user's latest attempts and tests: per topic, accuracy over
 * time, the questions and pages most often missed, and the next test's difficulty. Pure: no database.
 */
import type { TestSummary } from "../../generation/tests-query.ts";
import type { Difficulty } from "../../generation/providers/types.ts";
import type { AttemptWithReview } from "../../practice/attempts-query.ts";
import type { AccuracyPoint, MissedQuestion, NextSteps, PageToReview, TopicInsight } from "./schema.ts";

/** Bounds of the work and of the answer. */
export const LIMITS = { attempts: 200, tests: 200, topics: 10, history: 20, missed: 5, pages: 5, recent: 3 } as const;
/** Recent accuracy at or above HIGH suggests a harder test, below LOW an easier one. */
export const HIGH_ACCURACY = 80;
export const LOW_ACCURACY = 50;

const LEVELS: Difficulty[] = ["Easy", "Medium", "Hard"];

export type TopicFigures = Omit<TopicInsight, "summary">;

/** Percent with one decimal, or null for nothing counted. */
export const percent = (correct: number, total: number) => (total > 0 ? Math.round((correct / total) * 1000) / 10 : null);

const topicKey = (topic: string) => topic.trim().toLowerCase();
const asLevel = (difficulty: string): Difficulty => LEVELS.find((l) => l.toLowerCase() === difficulty.toLowerCase()) ?? "Easy";

/** Harder when recent accuracy is high, easier when low, else the same level. */
export function suggestDifficulty(current: string, recent: number | null): { difficulty: Difficulty; reason: string } {
  const level = asLevel(current);
  if (recent === null) return { difficulty: level, reason: "You have not taken a test on this topic yet." };
  const i = LEVELS.indexOf(level);
  const said = `Your recent accuracy is ${recent}%`;
  if (recent >= HIGH_ACCURACY) {
    return i < 2 ? { difficulty: LEVELS[i + 1]!, reason: `${said}, so try a harder test.` } : { difficulty: level, reason: `${said}, so keep practising at Hard.` };
  }
  if (recent < LOW_ACCURACY) {
    return i > 0
      ? { difficulty: LEVELS[i - 1]!, reason: `${said}, so an easier test builds the basics first.` }
      : { difficulty: level, reason: `${said}, so practise again at Easy.` };
  }
  return { difficulty: level, reason: `${said}, so stay at ${level}.` };
}

interface Miss {
  test: TestSummary;
  index: number;
  missed: number;
  asked: number;
  result_id: number;
}

function missedQuestions(attempts: AttemptWithReview[], tests: Map<number, TestSummary>) {
  const byQuestion = new Map<string, Miss>();
  const pages = new Map<string, PageToReview>();
  for (const attempt of attempts) {
    const test = tests.get(attempt.test_id)!;
    for (const item of attempt.review) {
      const question = test.questions[item.index];
      if (!question) continue;
      const key = `${test.id}:${item.index}`;
      const entry = byQuestion.get(key) ?? { test, index: item.index, missed: 0, asked: 0, result_id: attempt.result_id };
      entry.asked++;
      if (!item.correct) {
        entry.missed++;
        entry.result_id = attempt.result_id;
        for (const page of question.source_pages) {
          const at = `${test.study_material_id}:${page}`;
          const p = pages.get(at) ?? { page, missed: 0, study_material_id: test.study_material_id, filename: null, page_unit: "page" as const };
          p.missed++;
          pages.set(at, p);
        }
      }
      byQuestion.set(key, entry);
    }
  }
  const most: MissedQuestion[] = [...byQuestion.values()]
    .filter((m) => m.missed > 0)
    .sort((a, b) => b.missed - a.missed || b.missed / b.asked - a.missed / a.asked || b.result_id - a.result_id || a.index - b.index)
    .slice(0, LIMITS.missed)
    .map((m) => {
      const q = m.test.questions[m.index]!;
      return {
        test_id: m.test.id,
        index: m.index,
        question: q.question,
        answer: q.answer,
        missed: m.missed,
        asked: m.asked,
        source_pages: q.source_pages,
        study_material_id: m.test.study_material_id,
        page_unit: "page" as const,
        result_id: m.result_id,
      };
    });
  const review = [...pages.values()].sort((a, b) => b.missed - a.missed || a.page - b.page).slice(0, LIMITS.pages);
  return { most, review };
}

function topicFigures(topicTests: TestSummary[], attemptsNewestFirst: AttemptWithReview[], tests: Map<number, TestSummary>): TopicFigures {
  const latest = topicTests[0]!;
  const chronological = [...attemptsNewestFirst].reverse();
  const sum = (list: AttemptWithReview[]) => percent(list.reduce((n, a) => n + a.correct, 0), list.reduce((n, a) => n + a.total, 0));
  const recent = sum(attemptsNewestFirst.slice(0, LIMITS.recent));
  const first = chronological[0];
  const last = chronological.at(-1);
  const history: AccuracyPoint[] = chronological.slice(-LIMITS.history).map((a) => ({
    result_id: a.result_id,
    test_id: a.test_id,
    submitted_at: a.submitted_at,
    score: a.score,
    correct: a.correct,
    total: a.total,
    difficulty: tests.get(a.test_id)!.difficulty,
  }));
  const { most, review } = missedQuestions(chronological, tests);
  const withMisses = attemptsNewestFirst.find((a) => a.correct < a.total);
  const taken = new Set(attemptsNewestFirst.map((a) => a.test_id));
  const suggestion = suggestDifficulty(last ? tests.get(last.test_id)!.difficulty : latest.difficulty, recent);
  const next: NextSteps = {
    review_pages: review,
    flashcards: withMisses ? { result_id: withMisses.result_id, missed: withMisses.total - withMisses.correct } : null,
    take_test: {
      topic: latest.topic,
      ...suggestion,
      study_material_id: topicTests.find((t) => t.study_material_id !== null)?.study_material_id ?? null,
      untaken_test_id: topicTests.find((t) => !taken.has(t.id))?.id ?? null,
    },
  };
  const lastActivity = [latest.created_at, attemptsNewestFirst[0]?.submitted_at ?? ""].sort().at(-1)!;
  return {
    topic: latest.topic,
    created_at: latest.created_at,
    questions: latest.questions,
    test_id: latest.id,
    name: latest.name,
    difficulty: latest.difficulty,
    provider: latest.provider,
    model: latest.model,
    tests: topicTests.length,
    attempts: attemptsNewestFirst.length,
    accuracy: sum(attemptsNewestFirst),
    recent_accuracy: recent,
    change: first && last && first !== last ? Math.round((last.score - first.score) * 10) / 10 : null,
    last_activity: lastActivity,
    history,
    most_missed: most,
    next_steps: next,
  };
}

/**
 * One entry per topic (case and surrounding spaces ignored), the most recently active first, at most
 * LIMITS.topics. `attempts` newest first; `tests` must hold every attempt's test.
 */
export function computeFigures(attempts: AttemptWithReview[], testList: TestSummary[]): TopicFigures[] {
  const tests = new Map(testList.map((t) => [t.id, t]));
  const topics = new Map<string, { tests: TestSummary[]; attempts: AttemptWithReview[] }>();
  const topicOf = (test: TestSummary) => {
    const key = topicKey(test.topic);
    const entry = topics.get(key) ?? { tests: [], attempts: [] };
    topics.set(key, entry);
    return entry;
  };
  // testList is newest first, so each topic's tests are too.
  for (const test of testList) topicOf(test).tests.push(test);
  for (const attempt of attempts) {
    const test = tests.get(attempt.test_id);
    if (test) topicOf(test).attempts.push(attempt);
  }
  return [...topics.values()]
    .map((t) => topicFigures(t.tests, t.attempts, tests))
    .sort((a, b) => b.last_activity.localeCompare(a.last_activity) || b.test_id - a.test_id)
    .slice(0, LIMITS.topics);
}
