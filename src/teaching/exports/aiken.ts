/**
 * Aiken (docs.moodle.org/en/Aiken_format): multiple choice only. Each question is one line, each option a line
 * "A. …", then "ANSWER: A", and a blank line. The format has no comment syntax — Moodle's importer reads any
 * line it does not recognise as the next question's text — so the questions it cannot hold are not counted in
 * the file: the response says it in its headers and the UI shows the notice.
 */
import { AppError } from "../../core/errors.ts";
import { letter, oneLine, type ExportTest, type Renderer } from "./model.ts";

export function aiken(test: ExportTest): { text: string; skipped: number } {
  const blocks: string[] = [];
  for (const item of test.items) {
    if (item.kind !== "choice") continue;
    const options = item.options.map((option, i) => `${letter(i)}. ${oneLine(option)}`);
    blocks.push([oneLine(item.text), ...options, `ANSWER: ${letter(item.correct)}`].join("\n"));
  }
  return { text: blocks.length ? `${blocks.join("\n\n")}\n` : "", skipped: test.items.length - blocks.length };
}

const leftOut = (n: number) => `${n} ${n === 1 ? "question was" : "questions were"} left out: Aiken holds multiple-choice questions only.`;

export const renderAiken: Renderer = (test) => {
  const { text, skipped } = aiken(test);
  if (!text) throw new AppError(422, "This test has no multiple-choice questions, and Aiken holds nothing else. Export it as Moodle XML or GIFT instead.");
  return {
    body: text,
    contentType: "text/plain; charset=utf-8",
    suffix: "Aiken",
    extension: "txt",
    ...(skipped > 0 && { skipped: { count: skipped, notice: leftOut(skipped) } }),
  };
};
