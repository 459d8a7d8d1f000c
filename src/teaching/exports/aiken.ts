/**
 * Aiken (docs.moodle.org/en/Aiken_format): multiple choice only. Each question is one line, each option a line
 * "A. …", then "ANSWER: A", and a blank line. The format has no comment syntax — Moodle's importer reads any
 * line it does not recognise as the start of a question and reports the open one as incomplete — so what it
 * cannot hold is not counted in the file: the response says it in its headers and the UI shows the notice.
 */
import { AppError } from "../../core/errors.ts";
import { letter, oneLine, type ExportTest, type Renderer } from "./model.ts";

/**
 * Moodle reads a line starting "X." or "X)" as an option (the space after it is optional) and "ANSWER:" as
 * the key, with no way to escape either: a question whose text starts so ("U.S. presidents…") cannot be
 * written.
 */
const MISREAD = /^([A-Z][).]|ANSWER:)/;

export interface AikenText {
  text: string;
  /** Questions of other types, and multiple-choice questions whose text Aiken would misread. */
  otherTypes: number;
  misread: number;
}

export function aiken(test: ExportTest): AikenText {
  const blocks: string[] = [];
  let otherTypes = 0;
  let misread = 0;
  for (const item of test.items) {
    if (item.kind !== "choice") otherTypes++;
    else if (MISREAD.test(oneLine(item.text))) misread++;
    else {
      const options = item.options.map((option, i) => `${letter(i)}. ${oneLine(option)}`);
      blocks.push([oneLine(item.text), ...options, `ANSWER: ${letter(item.correct)}`].join("\n"));
    }
  }
  return { text: blocks.length ? `${blocks.join("\n\n")}\n` : "", otherTypes, misread };
}

const questions = (n: number) => `${n} ${n === 1 ? "question was" : "questions were"}`;

function notice({ otherTypes, misread }: AikenText): string {
  const parts = [];
  if (otherTypes) parts.push(`${questions(otherTypes)} left out: Aiken holds multiple-choice questions only.`);
  if (misread) parts.push(`${questions(misread)} left out because the text starts like an Aiken option or answer line ("A." or "ANSWER:").`);
  return parts.join(" ");
}

export const renderAiken: Renderer = (test) => {
  const result = aiken(test);
  if (!result.text) throw new AppError(422, "This test has no multiple-choice questions Aiken can hold. Export it as Moodle XML or GIFT instead.");
  const skipped = result.otherTypes + result.misread;
  return {
    body: result.text,
    contentType: "text/plain; charset=utf-8",
    suffix: "Aiken",
    extension: "txt",
    ...(skipped > 0 && { skipped: { count: skipped, notice: notice(result) } }),
  };
};
