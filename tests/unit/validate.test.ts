import { describe, expect, it } from "vitest";
import { checkItem, type ValidationContext } from "../../src/generation/validate.ts";

const context = (): ValidationContext => ({ pageCount: 1, types: ["multiple_choice"], grounding: "none", seen: new Set() });
const item = (options: string[], answer: string) => ({
  question: "Which operator assigns a value in R?",
  type: "multiple_choice",
  options,
  answer,
  explanation: "",
  source_pages: [1],
});

describe("checkItem: multiple-choice options", () => {
  it("tells apart options made only of symbols, and finds the answer among them", () => {
    const checked = checkItem(item(["<-", "==", "%%", "=>"], "<-"), context());
    expect(checked).toMatchObject({ ok: true, question: { answer: "<-" } });
  });

  it("still refuses options that differ only in case or punctuation", () => {
    expect(checkItem(item(["CRAN", "cran.", "npm", "Maven"], "npm"), context())).toEqual({ ok: false, reason: "options are not distinct" });
    expect(checkItem(item(["<-", "<-", "%%", "=>"], "%%"), context())).toEqual({ ok: false, reason: "options are not distinct" });
  });

  it("refuses an answer that is not one of the options", () => {
    expect(checkItem(item(["<-", "==", "%%", "=>"], "="), context())).toEqual({ ok: false, reason: "the answer is not among the options" });
  });
});

describe("checkItem: other wordings of a short answer", () => {
  it("keeps, under literal grounding, an alternative whose every word the cited page prints, and drops one it does not bear out", () => {
    const page = "zipfile — Work with ZIP archives\nSource code: Lib/zipfile.py\nThis module provides tools to create, read, write, append, and list a ZIP file.";
    const ctx: ValidationContext = { pageCount: 1, pageText: () => page, types: ["short_answer"], grounding: "literal", seen: new Set() };
    const question = {
      question: "Which module provides tools to create, read, write, append, and list a ZIP file?",
      type: "short_answer",
      options: [],
      answer: "zipfile",
      accepted_answers: ["zipfile module", "tarfile module"],
      explanation: "",
      source_pages: [1],
    };
    expect(checkItem(question, ctx)).toMatchObject({ ok: true, question: { answer: "zipfile", accepted_answers: ["zipfile module"] } });
  });
});
