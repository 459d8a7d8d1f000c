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
