/**
 * The generation pipeline (src/generation/pipeline.ts) over the real SQLite store and search, with the built-in
 * provider: what holds for a whole test however many rounds it took to write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type BenchStore } from "../../bench/quality/store.ts";
import { runPipeline } from "../../src/generation/pipeline.ts";
import { createBuiltinProvider } from "../../src/generation/providers/builtin/index.ts";
import { QUESTION_TYPES } from "../../src/generation/providers/types.ts";
import { cleanPages } from "../../src/materials/clean/index.ts";
import { loadFixture } from "../fixtures/text/passages.ts";

let store: BenchStore;
let stored: { hash: string; pageCount: number };
beforeAll(async () => {
  store = await openStore();
  stored = await store.add("r-intro", cleanPages(loadFixture("r-intro")));
});
afterAll(() => store.close());

describe("a test written in several rounds", () => {
  it("never asks again, in a later round, about a sentence a kept question was written from (round 33: 'What is a factor?', then 'True or false: A factor is …')", async () => {
    const provider = createBuiltinProvider();
    let questions = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const difficulty of ["Easy", "Medium", "Hard"] as const) {
        const test = await runPipeline(store.db, provider, { ...stored, topic: "factors", difficulty, count: 10, types: [...QUESTION_TYPES], seed });
        const sources = test.map((q) => q.source);
        expect(new Set(sources).size, `${difficulty}, seed ${seed}: ${test.map((q) => q.question).join(" | ")}`).toBe(sources.length);
        questions += test.length;
      }
    }
    expect(questions).toBeGreaterThan(24);
  });
});
