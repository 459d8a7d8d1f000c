import { AppError } from "../core/errors.ts";
import type { Difficulty, QuestionType } from "./providers/types.ts";
import { COUNT_MESSAGE, type GenerateInput } from "./schema.ts";

export interface GenerationParams {
  topic: string;
  difficulty: Difficulty;
  count: number;
  types: QuestionType[];
}

/** The spec's one sentence, for the UI to send and for old clients. */
export const promptSentence = (p: GenerationParams) => `Generate a ${p.difficulty} difficulty test about ${p.topic} with ${p.count} questions.`;

/**
 * The sentence's natural forms, read in one pass each: anchored, single spaces (collapsed first), and
 * only fixed words between the captures, so matching stays linear in the prompt's length.
 *   Generate a Hard difficulty test about factors with 7 questions.
 *   Generate a Hard test about factors with 7 questions.
 *   Make 5 easy questions on vectors
 *   Create a medium quiz about data frames (10 questions)
 */
const HEAD = new RegExp(
  "^(?:please )?(?:generate|make|create|write|build|prepare|give me) (?:me )?(?:an? )?(?:(\\d+) )?" +
    "(?:(\\w+) (?:difficulty|level) |(easy|medium|hard) )?(?:(\\d+) )?(?:practice )?(?:test|quiz|exam|questions?)" +
    "(?: with (\\d+) questions?)? (?:about|on|covering|regarding|for) ",
  "i",
);
/** How many, after the topic: " with 7 questions", ", 7 questions", " (10 questions)". */
const TAIL = /(?: with |, | ?\()(\d+) questions?\)?$/i;

/**
 * Reads the parameters: structured fields win; otherwise the spec's sentence in its natural forms
 * (HEAD, TAIL) is read leniently, and a prompt that is none of them is taken as the topic.
 * Defaults: Easy, 5, multiple choice.
 */
export function resolveParams(input: GenerateInput): GenerationParams {
  const prompt = (input.prompt ?? "").replace(/\s+/g, " ").trim().replace(/[.!]$/, "");
  const head = HEAD.exec(prompt);
  const rest = head ? prompt.slice(head[0].length) : "";
  const tail = head ? TAIL.exec(rest) : null;
  const fromPrompt = {
    topic: head ? (tail ? rest.slice(0, tail.index) : rest) : prompt || undefined,
    difficulty: /\b(easy|medium|hard)\b/i.exec(head ? (head[2] ?? head[3] ?? "") : prompt)?.[1],
    count: (head && (head[1] ?? head[4] ?? head[5])) ?? tail?.[1] ?? /\b(\d+) questions?\b/i.exec(prompt)?.[1],
  };
  const topic = (input.topic ?? fromPrompt.topic)?.trim();
  if (!topic) throw new AppError(422, [{ loc: ["body", "topic"], msg: "Topic is required.", type: "missing" }]);
  if (topic.length > 200) throw new AppError(422, [{ loc: ["body", "topic"], msg: "The topic is too long (at most 200 characters).", type: "too_big" }]);
  const count = input.count ?? (fromPrompt.count ? Number(fromPrompt.count) : 5);
  if (!Number.isInteger(count) || count < 1 || count > 50) throw new AppError(422, [{ loc: ["body", "count"], msg: COUNT_MESSAGE, type: "too_big" }]);
  const difficultyWord = fromPrompt.difficulty?.toLowerCase();
  const difficulty: Difficulty = input.difficulty ?? (difficultyWord === "hard" ? "Hard" : difficultyWord === "medium" ? "Medium" : "Easy");
  return { topic, difficulty, count, types: [...new Set<QuestionType>(input.question_types ?? ["multiple_choice"])] };
}
