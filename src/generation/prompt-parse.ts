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
 * Reads the parameters: structured fields win; otherwise the spec's sentence
 * ('Generate a Medium difficulty test about Vectors with 10 questions.') is read leniently,
 * and a prompt that is not that sentence is taken as the topic. Defaults: Easy, 5, multiple choice.
 */
export function resolveParams(input: GenerateInput): GenerationParams {
  const prompt = (input.prompt ?? "").trim().replace(/\.$/, "");
  // Two anchored patterns without nested repetition, so parsing stays linear in the prompt's length.
  const head = /^generate\s+an?\s+(\w+)\s+difficulty\s+test\s+about\s+/i.exec(prompt);
  const rest = head ? prompt.slice(head[0].length) : "";
  const tail = head ? /\s+with\s+(\d+)\s+questions?$/i.exec(rest) : null;
  const fromPrompt = {
    topic: head ? (tail ? rest.slice(0, tail.index) : rest) : prompt || undefined,
    difficulty: /\b(easy|medium|hard)\b/i.exec(head?.[1] ?? prompt)?.[1],
    count: tail?.[1] ?? /\b(\d+)\s+questions?\b/i.exec(prompt)?.[1],
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
