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
    const prompt = "generate a x difficulty test about a" + " ".repeat(930) + "b";
    expect(() => resolveParams({ prompt })).toThrow("The topic is too long (at most 200 characters).");
    const shorter = "generate a hard difficulty test about a" + " ".repeat(150) + "b with 7 questions";
    expect(resolveParams({ prompt: shorter })).toMatchObject({ topic: "a" + " ".repeat(150) + "b", difficulty: "Hard", count: 7 });
  });

  it("refuses a missing topic and an out-of-range count", () => {
    expect(() => resolveParams({ prompt: "" })).toThrow("Topic is required.");
    expect(() => resolveParams({ prompt: "Generate a Easy difficulty test about cells with 80 questions." })).toThrow("Number of questions must be between 1 and 50.");
  });
});
