/**
 * The builtin provider runs on the server's main thread: whatever a document holds (a sentence printed
 * thousands of times, pages without a full stop, one huge page), a request's work stays bounded and a
 * question is still written when the material has one. Each document here took minutes before its
 * work was bounded; the timeouts only stop a regression from hanging the suite.
 */
import { describe, expect, it } from "vitest";
import { createBuiltinProvider } from "../../src/generation/providers/builtin/index.ts";
import { parse } from "../../src/generation/providers/builtin/nlp.ts";
import { Question, type GenerationRequest, type PageText } from "../../src/generation/providers/types.ts";

const provider = createBuiltinProvider();
const LIMIT_MS = 30_000;
/** Pages of dotted words read whole took 27 s; in pieces some 3 s. */
const DOTTED_LIMIT_MS = 12_000;

/** `sentence` repeated to about `chars` characters. */
const repeated = (sentence: string, chars: number) => sentence.repeat(Math.ceil(chars / sentence.length));

function book(pageCount: number, text: (page: number) => string): PageText[] {
  return Array.from({ length: pageCount }, (_, i) => ({ page: i + 1, text: text(i + 1) }));
}

function request(pages: PageText[], topic: string, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    topic,
    difficulty: "Medium",
    count: 1,
    types: ["multiple_choice", "true_false"],
    // Retrieval hands over chunks of about 1,000 tokens.
    passages: pages.slice(0, 5).map((p) => ({ page: p.page, text: p.text.slice(0, 5000) })),
    document: { pageCount: pages.length, pages: () => Promise.resolve(pages) },
    exclude: [],
    seed: 1,
    ...overrides,
  };
}

const DEFINITIONS =
  "A vector is a list of numbers that share one type. A matrix is a table of numbers in rows and columns. " +
  "A factor is a vector of levels for grouped data. An array is a matrix of numbers in many dimensions. ";

describe("builtin provider on pathological documents", () => {
  it(
    "writes a question from a document of one sentence printed 20,000 times",
    async () => {
      const pages = book(20, () => repeated("A vector is a list of numbers that share one type. ", 50_000));
      const questions = (await provider.generate(request(pages, "vector"))).map((q) => Question.parse(q));
      expect(questions).toHaveLength(1);
      expect(questions[0]?.explanation).toContain("A vector is a list of numbers that share one type.");
    },
    LIMIT_MS,
  );

  it(
    "writes questions from 50 long pages of the same four definitions",
    async () => {
      const pages = book(50, () => repeated(DEFINITIONS, 20_000));
      const questions = await provider.generate(request(pages, "vector", { count: 2 }));
      expect(questions.length).toBeGreaterThan(0);
    },
    LIMIT_MS,
  );

  it(
    "reads pages of 200,000 characters without a full stop, and still asks the one real sentence",
    async () => {
      const run = repeated("the vector holds numbers and the matrix holds vectors ", 200_000);
      const pages = book(10, (page) => (page === 1 ? `${DEFINITIONS}\n\n${run}` : run));
      const questions = await provider.generate(request(pages, "vector"));
      expect(questions).toHaveLength(1);
    },
    LIMIT_MS,
  );

  it(
    "reads pages of dotted words, 7,000 sentences to a page, in pieces, and still asks the real sentences",
    async () => {
      // The tagger's reading grows with the square of a paragraph's sentences: such a page took 0.9 s whole, 30 of them 27 s.
      const dotted = "ab.".repeat(6_600);
      const pages = book(30, (page) => (page === 1 ? `${DEFINITIONS}\n\n${dotted}` : dotted));
      const questions = await provider.generate(request(pages, "vector"));
      expect(questions).toHaveLength(1);
    },
    DOTTED_LIMIT_MS,
  );

  it(
    "gives the same questions when the pipeline asks again with pages it already read",
    async () => {
      const pages = book(30, (page) => `${DEFINITIONS}\n\nPage ${page} says that a list is a vector of any objects.`);
      const pagesOf = () => Promise.resolve(pages);
      const ask = () => provider.generate(request(pages, "vector", { count: 3, document: { pageCount: pages.length, pages: pagesOf } }));
      const first = await ask();
      expect(first.length).toBeGreaterThan(0);
      expect(await ask()).toEqual(first);
      // And the same as a request that parses everything afresh.
      expect(await provider.generate(request(pages, "vector", { count: 3 }))).toEqual(first);
    },
    LIMIT_MS,
  );
});

describe("tagging", () => {
  it("reads a paragraph longer than the tagger's piece as the same sentences, cut only at their ends", () => {
    const sentences = Array.from({ length: 30 }, (_, i) => `Sentence ${i + 1} of the paragraph says that a vector is a list of numbers sharing one type, and a matrix a table of them.`);
    const paragraph = sentences.join(" ");
    expect(paragraph.length).toBeGreaterThan(3_000);
    expect(parse(paragraph).map((s) => s.text)).toEqual(sentences);
  });

  it("gives each sentence its own entities, at their positions within it", () => {
    const sentences = parse("It is 5. It is 6 today. Nothing here. In 1999 it was 7.");
    const numbers = sentences.map((s) => s.entities.map((e) => s.tokens.slice(e.first, e.last + 1).map((t) => t.text).join(" ")));
    expect(sentences.map((s) => s.text)).toEqual(["It is 5.", "It is 6 today.", "Nothing here.", "In 1999 it was 7."]);
    expect(numbers[0]).toEqual(["5"]);
    expect(numbers[1]?.join(" ")).toContain("6");
    expect(numbers[2]).toEqual([]);
    expect(numbers[3]?.join(" ")).toContain("1999");
    expect(numbers[3]?.join(" ")).toContain("7");
  });
});
