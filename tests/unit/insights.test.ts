import { describe, expect, it } from "vitest";
import { computeFigures, LIMITS, suggestDifficulty } from "../../src/study/insights/figures.ts";
import { acceptSummaries, plainSummary, summaryMessages } from "../../src/study/insights/summary.ts";

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

describe("the figures", () => {
  const question = (page: number) => ({ question: `Q${page}`, type: "multiple_choice" as const, options: [], answer: "a", explanation: "", source_pages: [page] });
  const test = (id: number, topic: string) => ({
    id,
    name: topic,
    topic,
    difficulty: "Medium",
    study_material_id: 1,
    provider: "builtin",
    model: "m",
    created_at: `2026-01-01T00:00:${String(id).padStart(2, "0")}Z`,
    questions: [question(1), question(2)],
  });
  const attempt = (id: number, testId: number, correct: boolean[]) => ({
    result_id: id,
    test_id: testId,
    score: (correct.filter(Boolean).length / correct.length) * 100,
    correct: correct.filter(Boolean).length,
    total: correct.length,
    submitted_at: `2026-01-02T00:${String(Math.floor(id / 60)).padStart(2, "0")}:${String(id % 60).padStart(2, "0")}Z`,
    review: correct.map((c, index) => ({ index, chosen: "x", answer: "a", correct: c })),
  });

  it("folds topics by case, keeps the ten most recently active and the last twenty attempts of each", () => {
    const tests = [test(1, "Packages"), test(2, " packages"), ...Array.from({ length: 11 }, (_, i) => test(10 + i, `topic ${i}`))].reverse();
    const attempts = Array.from({ length: 25 }, (_, i) => attempt(100 + i, i % 2 ? 1 : 2, [true, i < 5])).reverse();
    const topics = computeFigures(attempts, tests);
    expect(topics).toHaveLength(LIMITS.topics);
    const packages = topics[0]!;
    expect(packages).toMatchObject({ topic: " packages", tests: 2, attempts: 25, accuracy: 60 }); // 30 of 50
    expect(packages.history).toHaveLength(20);
    expect(packages.history.at(-1)!.result_id).toBe(124);
    // Question 1 of each test: the misses split over two tests (10 and 10).
    expect(packages.most_missed.map((m) => [m.test_id, m.index, m.missed])).toEqual([
      [1, 1, 10],
      [2, 1, 10],
    ]);
    expect(packages.next_steps.review_pages).toEqual([{ page: 2, missed: 20, study_material_id: 1, filename: null, page_unit: "page" }]);
  });

  it("names slides and sections as such in the summary and in what the model is given", () => {
    const [topic] = computeFigures([attempt(100, 1, [false, false])], [test(1, "Photosynthesis")]);
    // What the service finds the files' pages to be (service.ts's nameFiles).
    for (const p of topic!.next_steps.review_pages) p.page_unit = "slide";
    for (const m of topic!.most_missed) m.page_unit = "slide";
    expect(plainSummary(topic!)).toContain("Review slides 1 and 2.");
    const figures = JSON.parse(summaryMessages([topic!]).figures).topics[0];
    expect(figures.pages_to_review).toEqual([
      { page: 1, page_unit: "slide" },
      { page: 2, page_unit: "slide" },
    ]);
    expect(figures.most_missed[0]).toMatchObject({ pages: [1], page_unit: "slide" });
    topic!.next_steps.review_pages[1]!.page_unit = "section";
    expect(plainSummary(topic!)).toContain("Review slide 1 and section 2.");
  });
});
