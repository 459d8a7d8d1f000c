import { describe, expect, it } from "vitest";
import { chunkPages, DEFAULT_CHUNK_CHARS } from "../../src/materials/chunks.ts";

/** A sentence of exactly `length` characters (ending in a full stop) that says which one it is. */
const sentence = (n: number, length = 100) => {
  const start = `Sentence ${n} `;
  return start + "x".repeat(length - start.length - 1) + ".";
};

describe("chunkPages", () => {
  it("keeps a short page as one chunk with its page number and a running sequence", () => {
    const chunks = chunkPages([
      { page: 1, text: "Cells are the units of life." },
      { page: 2, text: "Mitochondria make energy." },
    ]);
    expect(chunks).toEqual([
      { page: 1, seq: 0, text: "Cells are the units of life." },
      { page: 2, seq: 1, text: "Mitochondria make energy." },
    ]);
  });

  it("never lets a chunk cross a page, even when both pages would fit in one", () => {
    const chunks = chunkPages([
      { page: 3, text: "Short page three." },
      { page: 4, text: "Short page four." },
    ]);
    expect(chunks.map((c) => c.page)).toEqual([3, 4]);
  });

  it("skips pages without text and numbers the rest consecutively", () => {
    const chunks = chunkPages([
      { page: 1, text: "" },
      { page: 2, text: "   \n  " },
      { page: 3, text: "Text at last." },
    ]);
    expect(chunks).toEqual([{ page: 3, seq: 0, text: "Text at last." }]);
  });

  it("splits a long page at paragraph breaks and packs paragraphs up to the limit", () => {
    const paragraphs = Array.from({ length: 10 }, (_, i) => sentence(i, 1000));
    const chunks = chunkPages([{ page: 7, text: paragraphs.join("\n") }]);
    // 1,000-character paragraphs joined by "\n": three fit in 4,000 characters, a fourth does not.
    expect(chunks.map((c) => c.text)).toEqual([
      paragraphs.slice(0, 3).join("\n"),
      paragraphs.slice(3, 6).join("\n"),
      paragraphs.slice(6, 9).join("\n"),
      paragraphs[9],
    ]);
    expect(chunks.every((c) => c.page === 7)).toBe(true);
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2, 3]);
  });

  it("splits a paragraph longer than a chunk at sentence ends", () => {
    const sentences = Array.from({ length: 100 }, (_, i) => sentence(i));
    const chunks = chunkPages([{ page: 1, text: sentences.join(" ") }], { maxChars: 1000 });
    // 100-character sentences joined by spaces: nine make 908 characters, ten would make 1,009.
    expect(chunks).toHaveLength(12);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(1000);
      expect(chunk.text).toMatch(/^Sentence \d+ x+\.( Sentence \d+ x+\.)*$/);
    }
    expect(chunks.map((c) => c.text).join(" ")).toBe(sentences.join(" "));
  });

  it("treats a closing quote or bracket after the full stop as the end of the sentence", () => {
    const text = `He said "${"a".repeat(40)}." (${"b".repeat(40)}.) Then ${"c".repeat(40)}!`;
    const chunks = chunkPages([{ page: 1, text }], { maxChars: 60 });
    expect(chunks.map((c) => c.text)).toEqual([
      `He said "${"a".repeat(40)}."`,
      `(${"b".repeat(40)}.)`,
      `Then ${"c".repeat(40)}!`,
    ]);
  });

  it("falls back to word boundaries for a sentence longer than a chunk, and cuts only a giant word", () => {
    const words = Array.from({ length: 50 }, (_, i) => `word${i}`).join(" ");
    const wordChunks = chunkPages([{ page: 1, text: words }], { maxChars: 40 });
    expect(wordChunks.every((c) => c.text.length <= 40)).toBe(true);
    expect(wordChunks.map((c) => c.text).join(" ")).toBe(words);

    const giant = "z".repeat(95);
    expect(chunkPages([{ page: 2, text: giant }], { maxChars: 40 }).map((c) => c.text)).toEqual([
      "z".repeat(40),
      "z".repeat(40),
      "z".repeat(15),
    ]);
  });

  it("uses about 1,000 tokens (4,000 characters) by default", () => {
    expect(DEFAULT_CHUNK_CHARS).toBe(4000);
    const text = Array.from({ length: 200 }, (_, i) => sentence(i)).join(" "); // 20,199 characters
    const chunks = chunkPages([{ page: 1, text }]);
    expect(chunks).toHaveLength(6);
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeLessThanOrEqual(4000);
    expect(Math.min(...chunks.slice(0, -1).map((c) => c.text.length))).toBeGreaterThan(3800);
  });

  it("loses no text: the chunks of a page put back together give the page", () => {
    const text = ["First paragraph. It has two sentences.", "Second one? Yes!", "Third: done."].join("\n");
    const chunks = chunkPages([{ page: 1, text }], { maxChars: 30 });
    expect(chunks.every((c) => c.text.length <= 30)).toBe(true);
    expect(chunks.map((c) => c.text).join(" ").replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " "));
  });
});
