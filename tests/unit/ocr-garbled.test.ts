/**
 * The built-in generator on OCR'd pages: a sentence OCR may have misread is never a question's source,
 * while the same sentence on a page with a real text layer is (the flag, not the words, decides that).
 */
import { describe, expect, it } from "vitest";
import { looksGarbled } from "../../src/generation/providers/builtin/garbled.ts";
import { studyMaterial } from "../../src/generation/providers/builtin/material.ts";
import { pageSentences } from "../../src/generation/providers/builtin/sentences.ts";
import type { PageText } from "../../src/generation/providers/types.ts";

const sentence = (text: string) => {
  const [first] = pageSentences({ page: 1, text });
  if (!first) throw new Error(`no sentence in ${JSON.stringify(text)}`);
  return first;
};

// Misreadings tesseract makes on worn scans: rn/m, l/1/I, stray marks, broken case, split words.
const GARBLED = [
  "The rnitochondria is the powerhouse of tbe ce1l and makes most of its energy.",
  "Photosynthesis | converts light energy into chemical energy stored in glucose molecules.",
  "Photosynthesis converts light energy into chEMical energy stored in glucose molecules.",
  "Photosynthesis converts light energy into chemical ener gy st ored in glucose mol ecules l.",
  "Photosynthesis converts light » energy into chemical energy stored in glucose molecules.",
  "Phtsynthss cnvrts lght nrgy nt chmcl nrgy strd n glcs mlcls by the plant.",
];
const CLEAN = [
  "Photosynthesis converts light energy into chemical energy stored in glucose molecules.",
  "The mitochondria of a cell produce most of its energy as ATP, about 30 molecules per glucose.",
  "Water boils at 100 degrees Celsius at sea level, and CO2 dissolves in it under pressure.",
  "R is a system for statistical computation and graphics, with an interface to C and FORTRAN.",
];

describe("sentences OCR may have misread", () => {
  it.each(GARBLED)("%s: garbled", (text) => expect(looksGarbled(sentence(text))).toBe(true));
  it.each(CLEAN)("%s: clean", (text) => expect(looksGarbled(sentence(text))).toBe(false));
});

describe("the built-in generator's material on OCR'd pages", () => {
  const text = [GARBLED[0], CLEAN[0], GARBLED[4], CLEAN[1]].join(" ");
  const sources = (page: PageText) =>
    studyMaterial([{ page: 1, text }], [page], "energy", 10).candidates.map((candidate) => candidate.sentence.text);

  it("keeps only the clean sentences of an OCR'd page", () => {
    expect(sources({ page: 1, text, ocr: true })).toEqual([CLEAN[0], CLEAN[1]]);
  });

  it("reads every sentence of a page with a real text layer as before", () => {
    expect(sources({ page: 1, text })).toContain(GARBLED[0]);
  });
});
