import { MAX_ACCEPTED_ANSWERS, MAX_ANSWER_CHARS, MAX_SOURCE_CHARS, Question, type QuestionType } from "./providers/types.ts";

/** Lower case, letters and digits only, single spaces: how texts are compared. */
export const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const STOP = new Set(
  "a an and are as at be by can for from has have in into is it its of on or that the their this to was were which with what when where who why how does do not true false".split(" "),
);
/**
 * How options are told apart: as `normalise` compares texts, except that an option made only of
 * symbols ("<-", "==", "%%") is compared as written, since normalising would make them all empty.
 */
const optionKey = (s: string) => normalise(s) || s.toLowerCase().replace(/\s+/g, " ").trim();

export const contentWords = (s: string) => normalise(s).split(" ").filter((w) => w.length > 2 && !STOP.has(w));

export interface ValidationContext {
  pageCount: number;
  /** The text of a page of the study material (for grounding); undefined without material. */
  pageText?: (page: number) => string | undefined;
  types: QuestionType[];
  /** literal: the answer appears in the cited text (builtin); overlap: most of its words do (models). */
  grounding: "literal" | "overlap" | "none";
  /** Normalised texts of the questions already accepted. */
  seen: Set<string>;
  /** Regenerate: whether an item asks again what the previous test asked (refused). */
  repeats?: (q: Question) => boolean;
}

const TF = ["True", "False"];

/**
 * What a provider may get slightly wrong without losing the item: the spec's older `questionText`,
 * a list of accepted answers that is too long or holds blanks (cut to the bounds), a source sentence
 * that is too long to keep (dropped).
 */
function tolerant(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const item: Record<string, unknown> = { ...raw };
  if (!("question" in item) && "questionText" in item) item.question = item.questionText;
  if (Array.isArray(item.accepted_answers)) {
    item.accepted_answers = item.accepted_answers
      .filter((a): a is string => typeof a === "string" && a.trim() !== "" && a.length <= MAX_ANSWER_CHARS)
      .map((a) => a.trim())
      .slice(0, MAX_ACCEPTED_ANSWERS);
  } else if (item.accepted_answers === null) delete item.accepted_answers;
  if (typeof item.source === "string" && item.source.length > MAX_SOURCE_CHARS) delete item.source;
  else if (item.source === null) delete item.source;
  return item;
}

/** The listed alternatives that differ from the answer and from each other and pass `supported`. */
function alternatives(list: string[] | undefined, answer: string, supported: (a: string) => boolean): string[] {
  const seen = new Set([normalise(answer)]);
  return (list ?? []).filter((a) => {
    const key = normalise(a);
    if (!key || seen.has(key) || !supported(a)) return false;
    seen.add(key);
    return true;
  });
}

/** Checks and tidies one item; returns the clean question, or why it was refused. */
export function checkItem(raw: unknown, ctx: ValidationContext): { ok: true; question: Question } | { ok: false; reason: string } {
  const parsed = Question.safeParse(tolerant(raw));
  if (!parsed.success) return { ok: false, reason: "does not match the question schema" };
  const q = parsed.data;
  const question = q.question.trim();
  let answer = q.answer.trim();
  let options = q.options.map((o) => o.trim()).filter(Boolean);
  if (!ctx.types.includes(q.type)) return { ok: false, reason: `type ${q.type} was not asked for` };
  if (question.length < 8 || question.length > 1000) return { ok: false, reason: "question too short or too long" };

  if (q.type === "multiple_choice") {
    if (options.length !== 4) return { ok: false, reason: "multiple choice needs 4 options" };
    if (new Set(options.map(optionKey)).size !== 4) return { ok: false, reason: "options are not distinct" };
    const match = options.find((o) => optionKey(o) === optionKey(answer));
    if (!match) return { ok: false, reason: "the answer is not among the options" };
    answer = match;
  } else if (q.type === "true_false") {
    const match = TF.find((t) => t.toLowerCase() === answer.toLowerCase());
    if (!match) return { ok: false, reason: "a true/false answer must be True or False" };
    answer = match;
    options = [...TF];
  } else {
    options = [];
    if (answer.length > 200) return { ok: false, reason: "a short answer must be short" };
  }

  const key = normalise(question);
  if (ctx.seen.has(key)) return { ok: false, reason: "duplicate question" };
  if (ctx.repeats?.({ ...q, question })) return { ok: false, reason: "repeats a question of the previous version" };

  const pages = [...new Set(q.source_pages)].sort((a, b) => a - b);
  // Whether the cited pages bear a text out: literally (builtin), or by most of its content words (models).
  let supports: (text: string, literal: boolean, needed?: number) => boolean = () => true;
  if (ctx.grounding !== "none") {
    if (!pages.length || pages.some((p) => p > ctx.pageCount)) return { ok: false, reason: "cited pages are not in the file" };
    const cited = normalise(pages.map((p) => ctx.pageText?.(p) ?? "").join(" "));
    const citedWords = new Set(cited.split(" "));
    supports = (text, literal, needed = 0.6) => {
      if (literal) return cited.includes(normalise(text));
      const words = contentWords(text);
      return words.length ? words.filter((w) => citedWords.has(w)).length / words.length >= needed : cited.includes(normalise(text));
    };
    const literal = ctx.grounding === "literal";
    // A true/false statement is checked by its words; other answers by the answer itself.
    if (q.type === "true_false") {
      if (!supports(question, false, 0.5)) return { ok: false, reason: "the answer is not supported by the cited text" };
    } else if (!supports(answer, literal)) {
      return { ok: false, reason: literal ? "the answer is not in the cited text" : "the answer is not supported by the cited text" };
    }
  }
  // Other wordings the grader accepts: short answers only, each borne out by the material like the answer; under
  // literal grounding by every one of its words ("zipfile module" where the page's title names zipfile, and its text
  // "This module"), since an alternative is a wording the page need not print.
  const accepted = q.type === "short_answer" ? alternatives(q.accepted_answers, answer, (a) => supports(a, false, ctx.grounding === "literal" ? 1 : 0.6)) : [];
  ctx.seen.add(key);
  const origin = q.source?.trim();
  return {
    ok: true,
    question: {
      question,
      type: q.type,
      options,
      answer,
      ...(accepted.length && { accepted_answers: accepted }),
      explanation: q.explanation.trim(),
      source_pages: pages,
      ...(origin && { source: origin }),
    },
  };
}
