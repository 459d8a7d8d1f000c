/**
 * A test as every export format reads it: each stored question sorted into one of three shapes, its texts
 * cleaned once. Stored questions come from providers, from study-set cards and from teachers' edits, so the
 * sorting does not trust the `type` alone: a "multiple choice" whose answer is not among its options is
 * exported as a short answer rather than as a question with no right choice.
 */
import type { Question } from "../../generation/providers/types.ts";
import type { PageUnit } from "../../materials/formats/types.ts";

interface ItemBase {
  /** 1-based position in the test. */
  number: number;
  text: string;
  explanation: string;
  pages: number[];
  /** What `pages` are in the test's document: a PDF's pages, slides or sections. */
  unit: PageUnit;
}

export type ExportItem =
  | (ItemBase & { kind: "choice"; options: string[]; correct: number })
  | (ItemBase & { kind: "truefalse"; answer: boolean })
  /** `answers[0]` is the key; the rest are other wordings the grader accepts. */
  | (ItemBase & { kind: "short"; answers: string[] });

export interface ExportTest {
  id: number;
  title: string;
  topic: string;
  difficulty: string;
  items: ExportItem[];
}

/** Characters XML 1.0 cannot carry at all (not even escaped), lone surrogates, and the bidirectional controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text safe in every format: unsafe characters gone, line ends as \n, no blank lines, trimmed. */
export function cleanText(raw: unknown): string {
  if (typeof raw !== "string") return "";
  return raw
    .replace(UNSAFE, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** A text on one line (formats whose records are lines: Aiken, titles, categories). */
export const oneLine = (raw: string) => raw.replace(/\s*\n\s*/g, " ");

/** Options are lettered A–Z in Aiken and on paper. */
const MAX_OPTIONS = 26;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function toItem(q: Question, number: number, unit: PageUnit): ExportItem {
  // Older stored tests may name the text `questionText` (the spec allows both).
  const text = cleanText(q.question ?? (q as { questionText?: unknown }).questionText);
  const answer = cleanText(q.answer);
  const base = { number, text, explanation: cleanText(q.explanation), pages: Array.isArray(q.source_pages) ? q.source_pages : [], unit };
  const options = Array.isArray(q.options) ? q.options.map(cleanText).filter(Boolean) : [];
  if (q.type === "true_false" && (same(answer, "true") || same(answer, "false"))) return { ...base, kind: "truefalse", answer: same(answer, "true") };
  if (q.type === "multiple_choice" && options.length >= 2 && options.length <= MAX_OPTIONS) {
    const correct = options.findIndex((o) => o === answer);
    const loose = correct >= 0 ? correct : options.findIndex((o) => same(o, answer));
    if (loose >= 0) return { ...base, kind: "choice", options, correct: loose };
  }
  const answers: string[] = [];
  for (const a of [answer, ...(q.accepted_answers ?? []).map(cleanText)]) if (a && !answers.some((b) => same(a, b))) answers.push(a);
  return { ...base, kind: "short", answers };
}

export function toExportTest(test: { id: number; name: string; topic: string; difficulty: string }, questions: Question[], unit: PageUnit = "page"): ExportTest {
  return {
    id: test.id,
    title: oneLine(cleanText(test.name)) || "Practice test",
    topic: oneLine(cleanText(test.topic)),
    difficulty: cleanText(test.difficulty),
    items: questions.map((q, i) => toItem(q, i + 1, unit)),
  };
}

/** "A", "B", … for the n-th option (0-based); formats that letter options accept at most 26. */
export const letter = (index: number) => String.fromCharCode(65 + index);

/** The correct answer as a reader of the key sees it: "B. Paris", "True", "Paris (also: paris, FR)". */
export function keyText(item: ExportItem): string {
  if (item.kind === "choice") return `${letter(item.correct)}. ${item.options[item.correct]}`;
  if (item.kind === "truefalse") return item.answer ? "True" : "False";
  const [main, ...others] = item.answers;
  return others.length ? `${main} (also accepted: ${others.join("; ")})` : (main ?? "");
}

export interface RenderOptions {
  /** PDF: the answer key instead of the student copy. */
  key: boolean;
  paper: "a4" | "letter";
}

/** What one format makes of a test. */
export interface ExportFile {
  body: Uint8Array | string;
  contentType: string;
  /** What the file name says after the title ("GIFT", "answer key"); empty for none. */
  suffix: string;
  extension: string;
  /** Questions the format cannot hold, left out, and the sentence that says so. */
  skipped?: { count: number; notice: string };
}

export type Renderer = (test: ExportTest, options: RenderOptions) => ExportFile | Promise<ExportFile>;
