/**
 * Valid questions built from passages, the way a well-behaved model would answer: each one takes a
 * sentence of a passage, blanks a word (or states the sentence for true/false), and cites the page.
 * The fake AI servers answer with these by default; end-to-end tests can use them directly too.
 */
import type { Question, QuestionType } from "../../src/generation/providers/types.ts";

export interface GroundedPassage {
  page: number;
  text: string;
}

export interface GroundedOptions {
  passages: GroundedPassage[];
  count: number;
  types?: QuestionType[];
  /** Question texts not to produce again. */
  exclude?: string[];
  /** false: source_pages stays [] (free generation, where nothing is cited). */
  cite?: boolean;
}

const WORD = /[A-Za-z][A-Za-z-]{4,}/g;
const FILLER_DISTRACTORS = ["none of these", "all of these", "neither", "both", "unknown"];

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => {
      const words = s.split(" ").length;
      return words >= 4 && words <= 60 && !s.includes("____");
    });
}

/** Candidate blanks of a sentence, longest (most informative) first. */
function keyWords(sentence: string): string[] {
  const words = [...new Set(sentence.match(WORD) ?? [])];
  return words.sort((a, b) => b.length - a.length || a.localeCompare(b));
}

function distractors(answer: string, pool: string[]): string[] {
  const taken = new Set([answer.toLowerCase()]);
  const picked: string[] = [];
  // Words of about the answer's length read as the same kind of thing.
  const byCloseness = [...pool].sort((a, b) => Math.abs(a.length - answer.length) - Math.abs(b.length - answer.length));
  for (const word of [...byCloseness, ...FILLER_DISTRACTORS]) {
    if (picked.length === 3) break;
    if (taken.has(word.toLowerCase())) continue;
    taken.add(word.toLowerCase());
    picked.push(word);
  }
  return picked;
}

function makeQuestion(
  type: QuestionType,
  sentence: string,
  word: string,
  pages: number[],
  pool: string[],
  index: number,
): Question {
  const blanked = sentence.replace(new RegExp(`\\b${word}\\b`), "____");
  const explanation = `The material says: "${sentence}"`;
  switch (type) {
    case "true_false":
      return { question: `True or false: ${sentence}`, type, options: ["True", "False"], answer: "True", explanation, source_pages: pages };
    case "short_answer":
      return { question: `Fill in the blank: ${blanked}`, type, options: [], answer: word, explanation, source_pages: pages };
    case "multiple_choice": {
      const options = distractors(word, pool);
      options.splice(index % 4, 0, word);
      return { question: `Which word completes the sentence? ${blanked}`, type, options, answer: word, explanation, source_pages: pages };
    }
  }
}

/** Up to `count` distinct, valid questions; fewer only when the passages hold too few sentences. */
export function groundedQuestions(opts: GroundedOptions): Question[] {
  const types = opts.types && opts.types.length > 0 ? opts.types : (["multiple_choice"] as QuestionType[]);
  const exclude = new Set(opts.exclude ?? []);
  const pool = [...new Set(opts.passages.flatMap((p) => p.text.match(WORD) ?? []))];
  const seen = new Set<string>();
  const out: Question[] = [];
  // First every sentence with its best blank, then the next-best blanks, so questions spread over the material.
  const candidates = opts.passages.flatMap((p) =>
    sentencesOf(p.text).map((sentence) => ({ page: p.page, sentence, words: keyWords(sentence) })),
  );
  const rounds = Math.max(0, ...candidates.map((c) => c.words.length));
  for (let round = 0; round < rounds && out.length < opts.count; round++) {
    for (const c of candidates) {
      const word = c.words[round];
      if (!word || out.length >= opts.count) continue;
      const type = types[out.length % types.length] ?? "multiple_choice";
      const q = makeQuestion(type, c.sentence, word, opts.cite === false ? [] : [c.page], pool, out.length);
      if (seen.has(q.question) || exclude.has(q.question)) continue;
      seen.add(q.question);
      out.push(q);
    }
  }
  return out;
}

export interface PromptReading {
  passages: GroundedPassage[];
  count: number;
  types: QuestionType[];
  exclude: string[];
  /** A free request (no passages): the text inside <request>. */
  request: string | undefined;
}

const ALL_TYPES: QuestionType[] = ["multiple_choice", "true_false", "short_answer"];

/** Reads a StudyForge prompt the way the fake servers need it: passages, count, types, questions already asked. */
export function readPrompt(text: string): PromptReading {
  const passages = [...text.matchAll(/<passage page="(\d+)">\n?([\s\S]*?)\n?<\/passage>/g)].map((m) => ({
    page: Number(m[1]),
    text: m[2] ?? "",
  }));
  const typeLine = /Question types: ([a-z_, ]+)/.exec(text)?.[1] ?? "";
  const types = ALL_TYPES.filter((t) => typeLine.includes(t));
  return {
    passages,
    count: Number(/exactly (\d+) questions?/i.exec(text)?.[1] ?? 3),
    types: types.length > 0 ? types : ["multiple_choice"],
    exclude: [...text.matchAll(/<asked_question>([\s\S]*?)<\/asked_question>/g)].map((m) => m[1] ?? ""),
    // The opening tag on a line of its own: the instructions also mention "<request>" in passing.
    request: /^<request>\n([\s\S]*?)\n<\/request>$/m.exec(text)?.[1],
  };
}

/**
 * Material for a free request: its own sentences first, then one plain sentence per question asked,
 * so even a one-word request ("photosynthesis") gets the count it asked for.
 */
function freeMaterial(request: string, count: number): string {
  const text = request.replace(/\s+/g, " ").trim();
  const subject = text.split(/[.!?]/)[0]?.trim().slice(0, 80) || "this subject";
  const filler = Array.from({ length: count }, (_, i) => `Practice question number ${i + 1} of this set is about ${subject}.`);
  // End the request's last sentence, so the first filler sentence does not run into it.
  return [text.replace(/([^.!?])$/, "$1."), ...filler].join(" ");
}

/** What a model would answer to a StudyForge prompt: questions grounded in its passages (or its request). */
export function answerPrompt(text: string): Question[] {
  const p = readPrompt(text);
  const free = p.passages.length === 0;
  return groundedQuestions({
    passages: free ? [{ page: 1, text: freeMaterial(p.request ?? text, p.count) }] : p.passages,
    count: p.count,
    types: p.types,
    exclude: p.exclude,
    cite: !free,
  });
}
