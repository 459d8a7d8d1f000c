/**
 * Item analysis of one test from its graded attempts: per question the facility, the discrimination,
 * how often each option was chosen (the most common wrong answers for short answers), and flags for
 * questions that look broken. Pure: the service reads the attempts, this turns them into figures.
 */
import type { Question } from "../../generation/providers/types.ts";
import { column, facility, pointBiserialCorrected, totals, upperLowerIndex } from "./statistics.ts";

/** Below this many attempts the figures are shown but called not yet reliable. */
export const MIN_RELIABLE_ATTEMPTS = 5;
/** A distractor nobody picks, a key nobody finds or an item everyone gets is flagged only from this many attempts. */
export const MIN_FLAG_ATTEMPTS = 10;
/** Above this facility an item is flagged as too easy. */
export const TOO_EASY = 0.95;
/** Short answers: this many of the most common wrong answers, each cut to WRONG_ANSWER_CHARS. */
export const WRONG_ANSWERS_SHOWN = 5;
export const WRONG_ANSWER_CHARS = 100;

/** One attempt as the analysis needs it: per question (by index) what was chosen and whether it was right. */
export interface GradedAttempt {
  chosen: (string | null)[];
  correct: boolean[];
}

export type FlagCode = "negative_discrimination" | "unused_distractor" | "key_never_found" | "too_easy";

export interface ItemFlag {
  code: FlagCode;
  message: string;
}

export interface OptionCount {
  option: string;
  /** The key (the right answer). */
  correct: boolean;
  count: number;
  /** count / attempts, 0 without attempts. */
  share: number;
}

export interface ItemAnalysis {
  index: number;
  question: string;
  type: Question["type"];
  answer: string;
  attempts: number;
  /** Attempts that left the question unanswered. */
  unanswered: number;
  /** Share right, 0–1; null without attempts. */
  facility: number | null;
  /** The corrected point-biserial (item score with the rest score); null where it cannot be computed. */
  point_biserial: number | null;
  /** Facility in the top 27% by total score minus facility in the bottom 27%. */
  upper_lower: number | null;
  /** Multiple choice and true/false: every option with how often it was chosen. Empty for short answers. */
  options: OptionCount[];
  /** Short answers: the most common wrong answers (at most WRONG_ANSWERS_SHOWN). */
  wrong_answers: { answer: string; count: number }[];
  flags: ItemFlag[];
}

const same = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

function optionCounts(q: Question, chosen: (string | null)[]): OptionCount[] {
  const counts = new Map(q.options.map((o) => [same(o), 0]));
  for (const c of chosen) {
    const key = c === null ? undefined : same(c);
    if (key !== undefined && counts.has(key)) counts.set(key, counts.get(key)! + 1);
  }
  return q.options.map((option) => {
    const count = counts.get(same(option)) ?? 0;
    return { option, correct: same(option) === same(q.answer), count, share: chosen.length ? count / chosen.length : 0 };
  });
}

function wrongAnswers(chosen: (string | null)[], correct: boolean[]): { answer: string; count: number }[] {
  // Grouped by their normalised form; the first wording seen stands for the group.
  const groups = new Map<string, { answer: string; count: number; first: number }>();
  chosen.forEach((c, i) => {
    if (c === null || correct[i]) return;
    const key = same(c);
    const group = groups.get(key) ?? { answer: c.trim().slice(0, WRONG_ANSWER_CHARS), count: 0, first: i };
    group.count += 1;
    groups.set(key, group);
  });
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, WRONG_ANSWERS_SHOWN)
    .map(({ answer, count }) => ({ answer, count }));
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

function flagsFor(item: Omit<ItemAnalysis, "flags">, type: Question["type"]): ItemFlag[] {
  const flags: ItemFlag[] = [];
  const n = item.attempts;
  if (n >= MIN_RELIABLE_ATTEMPTS && item.point_biserial !== null && item.point_biserial < 0) {
    flags.push({
      code: "negative_discrimination",
      message: "Students who did worse on the rest of the test got this one right more often: check the key and the wording.",
    });
  }
  if (n < MIN_FLAG_ATTEMPTS || item.facility === null) return flags;
  const tooEasy = item.facility > TOO_EASY;
  // On an item nearly everyone gets, every distractor goes unpicked: "too easy" says it once.
  const unused = type === "multiple_choice" && !tooEasy ? item.options.filter((o) => !o.correct && o.count === 0) : [];
  if (unused.length) {
    flags.push({
      code: "unused_distractor",
      message: `Nobody chose ${unused.map((o) => `“${o.option}”`).join(", ")}: ${unused.length === 1 ? "it does" : "they do"} not distract; consider a more plausible wrong answer.`,
    });
  }
  if (item.facility === 0) {
    flags.push({ code: "key_never_found", message: `Nobody of ${n} got this right: check that the key “${item.answer}” is correct.` });
  }
  if (tooEasy) {
    flags.push({ code: "too_easy", message: `${percent(item.facility)} got this right: it tells you little about who has learned the material.` });
  }
  return flags;
}

/** The analysis of every question of the test over the given attempts (each graded against the current key). */
export function analyseItems(questions: Question[], attempts: GradedAttempt[]): ItemAnalysis[] {
  const matrix = attempts.map((a) => questions.map((_, j) => (a.correct[j] ? 1 : 0)));
  const total = totals(matrix);
  return questions.map((q, j) => {
    const scores = column(matrix, j);
    const chosen = attempts.map((a) => a.chosen[j] ?? null);
    const base = {
      index: j,
      question: q.question,
      type: q.type,
      answer: q.answer,
      attempts: attempts.length,
      unanswered: chosen.filter((c) => c === null).length,
      facility: facility(scores),
      point_biserial: pointBiserialCorrected(scores, total),
      upper_lower: upperLowerIndex(scores, total),
      options: q.type === "short_answer" ? [] : optionCounts(q, chosen),
      wrong_answers: q.type === "short_answer" ? wrongAnswers(chosen, attempts.map((a) => a.correct[j] ?? false)) : [],
    };
    return { ...base, flags: flagsFor(base, q.type) };
  });
}
