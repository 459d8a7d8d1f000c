/** Short-answer grading: what a student types that means the expected term is right; another term is not. */
import { describe, expect, it } from "vitest";
import type { Question } from "../../src/generation/providers/types.ts";
import { grade, shortAnswerMatches } from "../../src/practice/grading.ts";

const expects = (answer: string, accepted_answers?: string[]) => ({ answer, accepted_answers });

describe("short answers", () => {
  it.each([
    ["search path", "the search path"],
    ["the search path", "search path"],
    ["The search path", "A search path."],
    ["search paths", "the search path"],
    ["search path", "Search Paths"],
    ["index", "indices"],
    ["criteria", "criterion"],
    ["mitochondria", "the mitochondrion"],
    ["data frame", "data frames"],
    ["Mitochondria.", " mitochondria"],
    ["matrices", "matrix"],
    ["the data", "datum"],
    ["knives", "knife"],
    ["bodies", "body"],
    ["searches", "search"],
  ])("accepts %j for the answer %j", (given, answer) => {
    expect(shortAnswerMatches(given, expects(answer))).toBe(true);
  });

  it.each([
    ["search engine", "the search path"],
    ["search", "the search path"],
    ["the search path variable", "the search path"],
    ["R", "C"],
    ["version 3", "version 4"],
    ["the", "the search path"],
    // Forms of one lemma that are other words, not the singular or plural of the expected term.
    ["better", "good"],
    ["worse", "bad"],
    ["found", "find"],
    ["saw", "see"],
    ["left", "leave"],
    ["studied", "study"],
    ["running", "run"],
  ])("refuses %j for the answer %j", (given, answer) => {
    expect(shortAnswerMatches(given, expects(answer))).toBe(false);
  });

  it("accepts an alternative the provider listed, with the same forgiveness, and nothing else", () => {
    const q = expects("Comprehensive R Archive Network", ["CRAN", "the CRAN mirrors"]);
    expect(shortAnswerMatches("cran", q)).toBe(true);
    expect(shortAnswerMatches("CRAN mirror", q)).toBe(true);
    expect(shortAnswerMatches("comprehensive r archive networks", q)).toBe(true);
    expect(shortAnswerMatches("Bioconductor", q)).toBe(false);
  });
});

describe("grade", () => {
  const questions: Question[] = [
    { question: "Which list does R search for names?", type: "short_answer", options: [], answer: "the search path", explanation: "", source_pages: [1] },
    { question: "Where are packages published?", type: "short_answer", options: [], answer: "CRAN", accepted_answers: ["Comprehensive R Archive Network"], explanation: "", source_pages: [2] },
    { question: "Pick one", type: "multiple_choice", options: ["vectors", "vector", "lists", "frames"], answer: "vectors", explanation: "", source_pages: [3] },
  ];

  it("scores short answers with articles, plurals and listed alternatives as right", () => {
    const result = grade(questions, { "0": "Search paths", "1": "comprehensive R archive network", "2": "vectors" });
    expect(result).toMatchObject({ correct: 3, total: 3, score: 100 });
  });

  it("grades an answer made only of symbols as typed, not as an empty word list", () => {
    const symbols = expects("<-");
    expect(shortAnswerMatches(" <- ", symbols)).toBe(true);
    expect(shortAnswerMatches("=", symbols)).toBe(false);
    expect(shortAnswerMatches("", symbols)).toBe(false);
  });

  it("keeps multiple choice exact: the singular option is a different option", () => {
    const result = grade(questions, { "0": "search engine", "2": "vector" });
    expect(result.review.map((r) => r.correct)).toEqual([false, false, false]);
  });
});
