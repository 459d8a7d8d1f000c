/**
 * When a page is read by OCR (materials/scan/text-layer.ts: the criterion, pure), and OCR's settings as
 * the configuration takes them at start.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/core/config.ts";
import { betterText, needsOcr, usableText } from "../../src/materials/scan/text-layer.ts";
import { tempDir } from "../helpers/server.ts";

const PROSE =
  "Photosynthesis converts light energy into chemical energy that is stored in sugar. Plants, algae and some bacteria " +
  "carry it out in their chloroplasts, where chlorophyll absorbs mostly blue and red light.";
const CONTENTS = Array.from({ length: 12 }, (_, i) => `${i + 1}.${i} Installing packages . . . . . . . . . . . . . . ${i * 3 + 1}`).join("\n");
const GARBAGE = Array.from({ length: 30 }, (_, i) => `#${i}%& *@+= ~^|<> $%&/ ${i * 7919} {[;]}`).join("\n");
const SCAN = { imageCover: 1, glyphs: 0 };
const TYPESET = { imageCover: 0, glyphs: 1500 };

describe("whether a page's text layer is usable", () => {
  it("keeps prose, contents pages and tables of identifiers; not garbage or nothing", () => {
    expect(usableText(PROSE)).toBe(true);
    expect(usableText(CONTENTS)).toBe(true);
    expect(usableText("N_PARENTS 4 CARD32 MIME_TYPE_OFFSET parent type offset of the entry in the list ".repeat(3))).toBe(true);
    expect(usableText(GARBAGE)).toBe(false);
    expect(usableText("")).toBe(false);
    expect(usableText("xqtz brrk fnngl pltt ".repeat(10))).toBe(false);
  });
});

describe("which pages OCR reads", () => {
  it("reads a scanned page: a picture over the page and no text, or garbage text", () => {
    expect(needsOcr("", SCAN)).toBe(true);
    expect(needsOcr("12", SCAN)).toBe(true);
    expect(needsOcr(GARBAGE, SCAN)).toBe(true);
  });

  it("reads a page that draws far more glyphs than its text layer holds words (fonts without a Unicode mapping)", () => {
    expect(needsOcr("Chapter 3 Live systems", TYPESET)).toBe(true);
  });

  it("leaves good text, title pages, blank pages, figures with captions and photo slides alone", () => {
    expect(needsOcr(PROSE, SCAN)).toBe(false);
    expect(needsOcr("Chapter 3", { imageCover: 0, glyphs: 9 })).toBe(false);
    expect(needsOcr("", { imageCover: 0, glyphs: 0 })).toBe(false);
    expect(needsOcr("Figure 2: the water cycle over a year", { imageCover: 0.6, glyphs: 38 })).toBe(false);
    expect(needsOcr("", { imageCover: 0.1, glyphs: 0 })).toBe(false);
  });

  it("takes OCR's reading only when it has more words, and mostly words", () => {
    expect(betterText(PROSE, "")).toBe(true);
    expect(betterText(PROSE, GARBAGE)).toBe(true);
    expect(betterText("~ | @ 1l . ,", "")).toBe(false);
    expect(betterText("Figure 2", "Figure 2: the water cycle over a year")).toBe(false);
  });
});

describe("OCR settings", () => {
  const base = () => ({ DATA_DIR: tempDir() });

  it("reads English and at most 50 pages a file unless told otherwise; 0 turns OCR off", () => {
    expect(loadConfig(base())).toMatchObject({ ocrLanguages: ["eng"], ocrMaxPages: 50 });
    expect(loadConfig({ ...base(), OCR_MAX_PAGES: "0" }).ocrMaxPages).toBe(0);
  });

  it.each([
    [{ OCR_LANGUAGES: "deu" }, 'OCR_LANGUAGES must name installed OCR languages joined by "+" (English, "eng", is; install another as the npm package @tesseract.js-data/<code>), got "deu"'],
    [{ OCR_LANGUAGES: "eng+fra" }, 'got "fra"'],
    [{ OCR_LANGUAGES: "../../etc" }, 'got "../../etc"'],
    [{ OCR_MAX_PAGES: "-1" }, 'OCR_MAX_PAGES must be a number from 0 to 10000, got "-1"'],
  ])("refuses %o at start with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });
});
