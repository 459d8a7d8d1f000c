import { describe, expect, it } from "vitest";
import { suggestDifficulty } from "../../src/study/insights/figures.ts";
import { acceptSummaries } from "../../src/study/insights/summary.ts";

describe("the suggested difficulty", () => {
  it.each([
    ["Easy", 80, "Medium"],
    ["Medium", 80, "Hard"],
    ["Hard", 100, "Hard"],
    ["Medium", 79.9, "Medium"],
    ["Medium", 50, "Medium"],
    ["Medium", 49.9, "Easy"],
    ["Hard", 0, "Medium"],
    ["Easy", 0, "Easy"],
    ["medium", null, "Medium"],
  ] as const)("%s at %s%% recent accuracy → %s", (current, recent, expected) => {
    expect(suggestDifficulty(current, recent).difficulty).toBe(expected);
  });
});

describe("accepting the model's summaries", () => {
  const figures = JSON.stringify({ topics: [{ id: 1, accuracy_percent: 62.5, pages_to_review: [12] }, { id: 2, accuracy_percent: 100 }] });

  it("keeps summaries whose numbers all occur in the figures, by topic", () => {
    const answer = { summaries: [{ id: 2, summary: "  All 100% right.\n Keep going. " }, { id: 1, summary: "You got 62.5%; review page 12." }] };
    expect([...acceptSummaries(answer, 2, figures)]).toEqual([
      [1, "All 100% right. Keep going."],
      [0, "You got 62.5%; review page 12."],
    ]);
  });

  it("drops invented or rounded numbers, unknown topics, wrong types and overlong text", () => {
    const answer = {
      summaries: [
        { id: 1, summary: "You got 63%." },
        { id: 3, summary: "Another topic." },
        { id: "2", summary: 42 },
        { id: 2, summary: "x".repeat(601) },
      ],
    };
    expect(acceptSummaries(answer, 2, figures).size).toBe(0);
    expect(acceptSummaries({ questions: [] }, 2, figures).size).toBe(0);
    expect(acceptSummaries(undefined, 2, figures).size).toBe(0);
  });
});
