/**
 * The builtin provider over real documents nobody here wrote (see tests/fixtures/text/README.md):
 * questions the pipeline accepts, grounded in the cited page, deterministic, and harder when asked.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors.ts";
import { closeness, type TermShape } from "../../src/generation/providers/builtin/closeness.ts";
import { createBuiltinProvider, suggestTopics, topicOccurs } from "../../src/generation/providers/builtin/index.ts";
import { buildInventory, type Inventory } from "../../src/generation/providers/builtin/inventory.ts";
import {
  Question,
  QUESTION_TYPES,
  type Difficulty,
  type GenerationRequest,
  type PageText,
  type QuestionType,
} from "../../src/generation/providers/types.ts";
import { checkItem, normalise } from "../../src/generation/validate.ts";
import { loadFixture, passagesFor, type FixtureName } from "../fixtures/text/passages.ts";

const provider = createBuiltinProvider();
const R_INTRO = loadFixture("r-intro");
const ESSAY = loadFixture("lilypond-essay");
const PAGES: Record<FixtureName, PageText[]> = { "r-intro": R_INTRO, "lilypond-essay": ESSAY };

function request(pages: PageText[], topic: string, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    topic,
    difficulty: "Medium",
    count: 10,
    types: [...QUESTION_TYPES],
    passages: passagesFor(pages, topic),
    document: { pageCount: pages.length, pages: () => Promise.resolve(pages) },
    exclude: [],
    seed: 1,
    ...overrides,
  };
}

async function generate(pages: PageText[], topic: string, overrides: Partial<GenerationRequest> = {}): Promise<Question[]> {
  const items = await provider.generate(request(pages, topic, overrides));
  return items.map((item) => Question.parse(item));
}

const pageText = (pages: PageText[], page: number) => pages.find((p) => p.page === page)?.text ?? "";
/** Letters and digits only: compares a quoted sentence with the page it was joined from. */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
/** The source sentence the explanation quotes. */
const quoted = (q: Question) => /From page \d+: "(.*)"$/s.exec(q.explanation)?.[1] ?? "";

describe.each([
  ["r-intro", "vectors"],
  ["r-intro", "factors"],
  ["lilypond-essay", "engraving"],
  ["lilypond-essay", "notation"],
] as [FixtureName, string][])("%s, topic %s", (fixture, topic) => {
  const pages = PAGES[fixture];

  it("writes exactly the questions asked for, each accepted by the pipeline's literal check", async () => {
    const questions = await generate(pages, topic, { count: 12 });
    expect(questions).toHaveLength(12);
    const seen = new Set<string>();
    for (const q of questions) {
      const checked = checkItem(q, {
        pageCount: pages.length,
        pageText: (p) => pageText(pages, p),
        types: [...QUESTION_TYPES],
        grounding: "literal",
        seen,
      });
      expect(checked, `${q.question} → ${checked.ok ? "" : checked.reason}`).toMatchObject({ ok: true });
    }
  });

  it("cites the one page whose text holds the answer and the quoted sentence", async () => {
    for (const q of await generate(pages, topic, { count: 12 })) {
      expect(q.source_pages).toHaveLength(1);
      const text = pageText(pages, q.source_pages[0]!);
      expect(q.explanation).toMatch(new RegExp(`^(?:True\\. |False: .*)?From page ${q.source_pages[0]}: "`));
      expect(letters(text)).toContain(letters(quoted(q)));
      if (q.type !== "true_false") expect(text).toContain(q.answer);
      // A false statement names the term it replaced; that term is on the page.
      const original = /^False: the material says "(.+?)", not "/.exec(q.explanation)?.[1];
      if (original) expect(text).toContain(original);
    }
  });

  it("gives each type its shape", async () => {
    const questions = await generate(pages, topic, { count: 15 });
    const byType = (type: QuestionType) => questions.filter((q) => q.type === type);
    for (const type of QUESTION_TYPES) expect(byType(type).length, type).toBeGreaterThanOrEqual(3);
    for (const q of byType("multiple_choice")) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options.map(normalise)).size).toBe(4);
      expect(q.options).toContain(q.answer);
      expect(q.question).toContain("_____");
    }
    for (const q of byType("true_false")) {
      expect(q.options).toEqual(["True", "False"]);
      expect(["True", "False"]).toContain(q.answer);
    }
    for (const q of byType("short_answer")) {
      expect(q.options).toEqual([]);
      expect(q.question).toContain("_____");
      expect(q.answer.split(/\s+/).length).toBeLessThanOrEqual(3);
    }
  });
});

describe("selection", () => {
  it("asks only for the types requested", async () => {
    const questions = await generate(R_INTRO, "arrays", { types: ["true_false"], count: 8 });
    expect(questions).toHaveLength(8);
    expect(questions.every((q) => q.type === "true_false")).toBe(true);
    // Some statements are made false, some are left true.
    expect(new Set(questions.map((q) => q.answer))).toEqual(new Set(["True", "False"]));
  });

  it("gives the same test for the same input and seed, another for another seed", async () => {
    const first = await generate(R_INTRO, "vectors", { seed: 42 });
    const again = await generate(R_INTRO, "vectors", { seed: 42 });
    const other = await generate(R_INTRO, "vectors", { seed: 43 });
    expect(again).toEqual(first);
    expect(other.map((q) => q.question)).not.toEqual(first.map((q) => q.question));
  });

  it("asks about the topic asked for", async () => {
    const vectors = await generate(R_INTRO, "vectors");
    const lists = await generate(R_INTRO, "lists");
    const shared = vectors.filter((q) => lists.some((l) => quoted(l) === quoted(q)));
    expect(shared.length).toBeLessThanOrEqual(2);
    const mentions = (qs: Question[], word: RegExp) => qs.filter((q) => word.test(quoted(q))).length;
    expect(mentions(vectors, /\bvectors?\b/i)).toBeGreaterThanOrEqual(6);
    expect(mentions(lists, /\blists?\b/i)).toBeGreaterThanOrEqual(6);
  });

  it("never repeats an excluded question, nor the sentence it was made from", async () => {
    const first = await generate(ESSAY, "engraving", { count: 10 });
    const second = await generate(ESSAY, "engraving", { count: 10, exclude: first.map((q) => q.question) });
    expect(second.length).toBeGreaterThan(0);
    const asked = new Set(first.map((q) => normalise(q.question)));
    const sources = new Set(first.map(quoted));
    for (const q of second) {
      expect(asked.has(normalise(q.question))).toBe(false);
      expect(sources.has(quoted(q))).toBe(false);
    }
  });

  it("never repeats itself", async () => {
    const questions = await generate(R_INTRO, "vectors", { count: 40 });
    expect(new Set(questions.map((q) => normalise(q.question))).size).toBe(questions.length);
    expect(new Set(questions.map(quoted)).size).toBe(questions.length);
  });

  it("returns what the material holds when asked for more", async () => {
    const passages = passagesFor(ESSAY, "ledger lines").slice(0, 1);
    const questions = await generate(ESSAY, "ledger lines", { passages, count: 50 });
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThan(50);
    expect(await generate(ESSAY, "ledger lines", { passages, count: 0 })).toEqual([]);
  });

  it("skips tables of contents and bibliographies", async () => {
    // The R manual's contents (pages 2–6) and the essay's literature lists (pages 20–32) name the topics often.
    const manual = await generate(R_INTRO, "data frames", { count: 10 });
    expect(manual.every((q) => q.source_pages[0]! > 6)).toBe(true);
    const essay = await generate(ESSAY, "music engraving", { count: 10 });
    expect(essay.every((q) => q.source_pages[0]! < 20 || q.source_pages[0]! > 32)).toBe(true);
  });

  it("works from the passages alone when the document's pages do not hold them", async () => {
    const passages = passagesFor(R_INTRO, "factors");
    const questions = await generate(R_INTRO, "factors", { passages, document: { pageCount: 50, pages: async () => [] } });
    expect(questions).toHaveLength(10);
    for (const q of questions.filter((x) => x.type !== "true_false")) {
      expect(passages.some((p) => p.page === q.source_pages[0] && p.text.includes(q.answer))).toBe(true);
    }
  });
});

describe("difficulty", () => {
  /** A term as the closeness measure sees it: its use in the document, or once on the page. */
  function shape(inventory: Inventory, text: string, page: number): TermShape {
    for (const terms of Object.values(inventory.terms)) {
      const term = terms.get(text.toLowerCase());
      if (term) return term;
    }
    return { text, count: 1, firstPage: page, lastPage: page };
  }

  async function profile(pages: PageText[], topic: string, difficulty: Difficulty) {
    const inventory = buildInventory(pages);
    const questions = await generate(pages, topic, { difficulty, count: 15, types: ["multiple_choice"] });
    const distances: number[] = [];
    const prominence: number[] = [];
    for (const q of questions) {
      const page = q.source_pages[0]!;
      const answer = shape(inventory, q.answer, page);
      prominence.push(Math.log(1 + answer.count));
      for (const option of q.options) if (option !== q.answer) distances.push(closeness(answer, shape(inventory, option, page), page));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return { closeness: mean(distances), prominence: mean(prominence) };
  }

  it.each([
    ["r-intro", "vectors"],
    ["lilypond-essay", "engraving"],
  ] as [FixtureName, string][])("gives Hard questions on %s closer distractors than Easy ones", async (fixture, topic) => {
    const easy = await profile(PAGES[fixture], topic, "Easy");
    const hard = await profile(PAGES[fixture], topic, "Hard");
    expect(hard.closeness).toBeGreaterThan(easy.closeness + 0.1);
    // Easy asks about the terms the document uses most.
    expect(easy.prominence).toBeGreaterThan(hard.prominence);
  });
});

describe("topics", () => {
  it("suggests topics the document clearly covers, nicely cased", () => {
    const manual = suggestTopics(R_INTRO);
    expect(manual).toHaveLength(5);
    const expected = ["vector", "factor", "array", "data frame", "list", "matri", "function", "object"];
    expect(manual.filter((t) => expected.some((e) => t.toLowerCase().startsWith(e))).length).toBeGreaterThanOrEqual(3);
    const essay = suggestTopics(ESSAY, 3);
    expect(essay).toHaveLength(3);
    expect(essay.some((t) => /engraving|notation|music/i.test(t))).toBe(true);
    for (const [pages, topics] of [[R_INTRO, manual], [ESSAY, essay]] as const) {
      for (const topic of topics) {
        expect(topic).toMatch(/^\p{Lu}/u);
        expect(topicOccurs(pages, topic)).toBe(true);
      }
    }
  });

  it("finds a topic whatever its case and number", () => {
    expect(topicOccurs(R_INTRO, "vector")).toBe(true);
    expect(topicOccurs(R_INTRO, "Data Frame")).toBe(true);
    expect(topicOccurs(R_INTRO, "matrix")).toBe(true);
    expect(topicOccurs(ESSAY, "ledger line")).toBe(true);
    expect(topicOccurs(R_INTRO, "photosynthesis")).toBe(false);
    expect(topicOccurs(R_INTRO, "  ")).toBe(false);
  });
});

describe("without study material", () => {
  it("refuses: writing from nothing needs an AI provider", async () => {
    const err = await provider.generateFree({ prompt: "The French Revolution", count: 3, types: ["multiple_choice"] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 422, detail: "Generating without study material needs an AI provider." });
  });
});
