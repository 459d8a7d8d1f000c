import { describe, expect, it } from "vitest";
import { resolveParams } from "../../src/generation/prompt-parse.ts";

describe("reading the generation prompt", () => {
  it("reads the spec's sentence", () => {
    expect(resolveParams({ prompt: "Generate a Hard difficulty test about the French Revolution with 12 questions." })).toEqual({
      topic: "the French Revolution",
      difficulty: "Hard",
      count: 12,
      types: ["multiple_choice"],
    });
  });

  it.each([
    ["Generate a Hard test about factors with 7 questions.", { topic: "factors", difficulty: "Hard", count: 7 }],
    ["Generate a Hard difficulty test about factors with 7 questions.", { topic: "factors", difficulty: "Hard", count: 7 }],
    ["Make 5 easy questions on vectors", { topic: "vectors", difficulty: "Easy", count: 5 }],
    ["Create a medium quiz about data frames (10 questions)", { topic: "data frames", difficulty: "Medium", count: 10 }],
    ["create a quiz about data frames, 12 questions", { topic: "data frames", difficulty: "Easy", count: 12 }],
    ["Please write a hard level practice test on the   French Revolution!", { topic: "the French Revolution", difficulty: "Hard", count: 5 }],
    ["Generate 8 medium questions about packages", { topic: "packages", difficulty: "Medium", count: 8 }],
    ["Make a test with 3 questions about lists", { topic: "lists", difficulty: "Easy", count: 3 }],
  ])("reads the natural form %j", (prompt, expected) => {
    expect(resolveParams({ prompt })).toEqual({ ...expected, types: ["multiple_choice"] });
  });

  it("takes any other prompt as the topic, with defaults Easy and 5", () => {
    expect(resolveParams({ prompt: "photosynthesis" })).toMatchObject({ topic: "photosynthesis", difficulty: "Easy", count: 5 });
    expect(resolveParams({ prompt: "  cell division, 8 questions, medium  " })).toMatchObject({ difficulty: "Medium", count: 8 });
  });

  it("lets structured fields win over the sentence", () => {
    expect(resolveParams({ prompt: "Generate a Easy difficulty test about cells with 3 questions.", topic: "atoms", difficulty: "Medium", count: 9, question_types: ["short_answer"] })).toEqual({
      topic: "atoms",
      difficulty: "Medium",
      count: 9,
      types: ["short_answer"],
    });
  });

  it("reads a long hostile prompt correctly (no catastrophic backtracking to hang on)", () => {
    const prompt = "generate a x difficulty test about" + " a".repeat(480);
    expect(() => resolveParams({ prompt })).toThrow("The topic is too long (at most 200 characters).");
    const shorter = "generate a hard difficulty test about a" + " ".repeat(150) + "b with 7 questions";
    expect(resolveParams({ prompt: shorter })).toMatchObject({ topic: "a b", difficulty: "Hard", count: 7 });
    // Long runs of almost-matching words cost one pass too: no form matches, so all of it is the (too long) topic.
    const words = "make 5 ".repeat(140) + "hard test about x";
    expect(() => resolveParams({ prompt: words })).toThrow("The topic is too long (at most 200 characters).");
  });

  it("refuses a missing topic and an out-of-range count", () => {
    expect(() => resolveParams({ prompt: "" })).toThrow("Topic is required.");
    expect(() => resolveParams({ prompt: "Generate a Easy difficulty test about cells with 80 questions." })).toThrow("Number of questions must be between 1 and 50.");
  });
});
