/**
 * Item statistics on a small answer matrix whose figures are worked out by hand below (with the
 * textbook point-biserial formula, not the correlation the code uses), and the flags for broken items.
 */
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/generation/providers/types.ts";
import { analyseItems, type GradedAttempt } from "../../src/teaching/analysis/items.ts";
import { column, facility, pointBiserialCorrected, totals, upperLowerIndex } from "../../src/teaching/analysis/statistics.ts";

/**
 * Six students, four items. Totals 3, 3, 2, 2, 1, 1: the top 27% (round(6 × 0.27) = 2 students) are
 * S1 and S2, the bottom 27% are S5 and S6, with no tie across either boundary.
 */
const MATRIX = [
  [1, 1, 1, 0], // S1
  [1, 1, 1, 0], // S2
  [1, 0, 1, 0], // S3
  [1, 1, 0, 0], // S4
  [0, 0, 0, 1], // S5
  [0, 0, 0, 1], // S6
];

/**
 * r_pb = (M1 − M0) / s × √(p·q), with M1 and M0 the mean rest scores of those who got the item right
 * and wrong, s the (population) standard deviation of the rest scores, p the facility and q = 1 − p.
 */
const BY_HAND = [
  // Item 0: rest 2,2,1,1 | 1,1 → M1 1.5, M0 1; rest mean 4/3, variance 2 − 16/9 = 2/9, s = √2/3; p = 2/3.
  { facility: 4 / 6, pb: ((1.5 - 1) / (Math.sqrt(2) / 3)) * Math.sqrt((2 / 3) * (1 / 3)), ul: 1 - 0 },
  // Item 1: right S1 S2 S4 (rest 2,2,1), wrong S3 S5 S6 (rest 2,1,1) → M1 5/3, M0 4/3; rest variance 2.5 − 2.25, s = 0.5; p = 0.5.
  { facility: 3 / 6, pb: ((5 / 3 - 4 / 3) / 0.5) * Math.sqrt(0.5 * 0.5), ul: 1 - 0 },
  // Item 2: right S1 S2 S3 (rest 2,2,1), wrong S4 S5 S6 (rest 2,1,1): the same figures as item 1.
  { facility: 3 / 6, pb: ((5 / 3 - 4 / 3) / 0.5) * Math.sqrt(0.5 * 0.5), ul: 1 - 0 },
  // Item 3: right S5 S6 (rest 0,0), wrong S1–S4 (rest 3,3,2,2) → M1 0, M0 2.5; rest mean 5/3, variance 13/3 − 25/9 = 14/9; p = 1/3.
  { facility: 2 / 6, pb: ((0 - 2.5) / Math.sqrt(14 / 9)) * Math.sqrt((1 / 3) * (2 / 3)), ul: 0 - 1 },
];

describe("item statistics on a known matrix", () => {
  const total = totals(MATRIX);

  it("adds up each student's total", () => {
    expect(total).toEqual([3, 3, 2, 2, 1, 1]);
  });

  it.each(BY_HAND.map((expected, j) => [j, expected] as const))("item %i: facility, corrected point-biserial and upper/lower 27%% index", (j, expected) => {
    const item = column(MATRIX, j);
    expect(facility(item)).toBeCloseTo(expected.facility, 10);
    expect(pointBiserialCorrected(item, total)).toBeCloseTo(expected.pb, 10);
    expect(upperLowerIndex(item, total)).toBeCloseTo(expected.ul, 10);
  });

  it("gives the hand-computed values themselves (0.5, 1/3, −0.945)", () => {
    expect(BY_HAND[0]!.pb).toBeCloseTo(0.5, 10);
    expect(BY_HAND[1]!.pb).toBeCloseTo(1 / 3, 10);
    expect(BY_HAND[3]!.pb).toBeCloseTo(-0.9449, 4);
  });

  it("has no discrimination where the item or the rest score does not vary, nor for a single attempt", () => {
    expect(pointBiserialCorrected([1, 1, 1], [3, 2, 1])).toBeNull(); // everyone right
    expect(pointBiserialCorrected([1, 0, 1], [2, 1, 2])).toBeNull(); // rest scores 1, 1, 1
    expect(upperLowerIndex([1], [1])).toBeNull();
    expect(facility([])).toBeNull();
  });

  it("keeps at least one attempt in each 27% group, and equal totals in the order they came", () => {
    // Three attempts: round(0.81) = 1 per group; the top is the 2, the bottom the 0.
    expect(upperLowerIndex([1, 0, 0], [2, 1, 0])).toBe(1);
    // Two equal totals: the earlier attempt counts as the upper one.
    expect(upperLowerIndex([0, 1], [1, 1])).toBe(-1);
  });
});

const mc = (question: string, answer: string, options = ["Red", "Green", "Blue", "Yellow"]): Question => ({
  question,
  type: "multiple_choice",
  options,
  answer,
  explanation: "",
  source_pages: [1],
});
const short = (question: string, answer: string): Question => ({ question, type: "short_answer", options: [], answer, explanation: "", source_pages: [1] });

/** `n` attempts answering each question as `answer(question, attempt)`, graded by exact match with the key. */
function attempts(questions: Question[], n: number, answer: (q: number, i: number) => string | null): GradedAttempt[] {
  return Array.from({ length: n }, (_, i) => {
    const chosen = questions.map((_, q) => answer(q, i));
    return { chosen, correct: chosen.map((c, q) => c !== null && c.toLowerCase() === questions[q]!.answer.toLowerCase()) };
  });
}

const codes = (item: { flags: { code: string }[] }) => item.flags.map((f) => f.code);

describe("analysing a test's items", () => {
  const questions = [mc("Which colour is the sky?", "Blue"), mc("Which colour is grass?", "Purple", ["Red", "Green", "Purple", "Yellow"]), mc("Which is a colour?", "Red")];
  // Q0: half Blue, half Green (nobody picks Red or Yellow); Q1: everyone Green (the key Purple is never found);
  // Q2: everyone right.
  const answer = (q: number, i: number) => [i % 2 ? "Blue" : "green", "Green", "Red"][q]!;

  it("counts each option, the key marked, case and spaces forgiven", () => {
    const [q0] = analyseItems(questions, attempts(questions, 10, answer));
    expect(q0!.options).toEqual([
      { option: "Red", correct: false, count: 0, share: 0 },
      { option: "Green", correct: false, count: 5, share: 0.5 },
      { option: "Blue", correct: true, count: 5, share: 0.5 },
      { option: "Yellow", correct: false, count: 0, share: 0 },
    ]);
    expect(q0!.facility).toBe(0.5);
  });

  it("flags unused distractors, a key nobody finds and an item everyone gets, from ten attempts", () => {
    const [q0, q1, q2] = analyseItems(questions, attempts(questions, 10, answer));
    expect(codes(q0!)).toEqual(["unused_distractor"]);
    expect(q0!.flags[0]!.message).toContain("“Red”, “Yellow”");
    expect(codes(q1!)).toEqual(["unused_distractor", "key_never_found"]);
    expect(q1!.flags[1]!.message).toContain("“Purple”");
    expect(codes(q2!)).toEqual(["too_easy"]);
  });

  it("does not flag distractors, keys or easy items below ten attempts", () => {
    for (const item of analyseItems(questions, attempts(questions, 9, answer))) expect(item.flags).toEqual([]);
  });

  it("flags negative discrimination from five attempts, not below", () => {
    // Q1 is right only for the two students with the lowest totals on the other questions.
    const qs = [mc("One?", "Red"), mc("Two?", "Red"), mc("Three?", "Red"), mc("Four?", "Red")];
    const pattern = [
      ["Red", "Blue", "Red", "Red"],
      ["Red", "Blue", "Red", "Blue"],
      ["Red", "Blue", "Blue", "Red"],
      ["Blue", "Red", "Blue", "Blue"],
      ["Blue", "Red", "Blue", "Blue"],
    ];
    const five = attempts(qs, 5, (q, i) => pattern[i]![q]!);
    const analysed = analyseItems(qs, five);
    expect(analysed[1]!.point_biserial).toBeLessThan(0);
    expect(codes(analysed[1]!)).toEqual(["negative_discrimination"]);
    for (const j of [0, 2, 3]) expect(analysed[j]!.point_biserial).toBeGreaterThan(0);
    expect(analysed.filter((item) => item.flags.length).map((item) => item.index)).toEqual([1]);
    expect(analyseItems(qs, five.slice(1)).every((item) => item.flags.length === 0)).toBe(true);
  });

  it("lists a short answer's most common wrong answers, grouped, at most five, unanswered apart", () => {
    const qs = [short("The powerhouse of the cell?", "mitochondria")];
    const given = ["ribosome", "Ribosome ", "nucleus", null, "mitochondria", "a", "b", "c", "d", "nucleus", "ribosome"];
    const [item] = analyseItems(qs, attempts(qs, given.length, (_, i) => given[i]!));
    expect(item!.wrong_answers).toEqual([
      { answer: "ribosome", count: 3 },
      { answer: "nucleus", count: 2 },
      { answer: "a", count: 1 },
      { answer: "b", count: 1 },
      { answer: "c", count: 1 },
    ]);
    expect(item!.unanswered).toBe(1);
    expect(item!.options).toEqual([]);
  });
});
