import { z } from "zod";

export const QUESTION_TYPES = ["multiple_choice", "true_false", "short_answer"] as const;
export const DIFFICULTIES = ["Easy", "Medium", "Hard"] as const;

/** Bounds of a question's optional parts (a provider's longer lists are cut to them by validation). */
export const MAX_ACCEPTED_ANSWERS = 5;
export const MAX_ANSWER_CHARS = 200;
export const MAX_SOURCE_CHARS = 1000;

export const QuestionType = z.enum(QUESTION_TYPES);
export const Difficulty = z.enum(DIFFICULTIES);
export type QuestionType = z.infer<typeof QuestionType>;
export type Difficulty = z.infer<typeof Difficulty>;

/** One question as stored in a test and as every provider must produce it. */
export const Question = z.object({
  question: z.string().min(1),
  type: QuestionType,
  options: z.array(z.string()),
  answer: z.string().min(1),
  explanation: z.string(),
  source_pages: z.array(z.number().int().positive()),
  /** Short answers: other wordings the grader accepts (a synonym, the abbreviation, the spelled-out form). */
  accepted_answers: z.array(z.string().min(1).max(MAX_ANSWER_CHARS)).max(MAX_ACCEPTED_ANSWERS).optional(),
  /**
   * The sentence of the material the question was written from, where the provider knows it (builtin):
   * regenerate passes it back as `excludeSources`. Stored, never shown (the explanation quotes the material).
   */
  source: z.string().max(MAX_SOURCE_CHARS).optional(),
});
export type Question = z.infer<typeof Question>;

/** A passage of the study material with the page it starts on. */
import type { PageUnit } from "../../materials/formats/types.ts";

export interface Passage {
  page: number;
  text: string;
}

export interface PageText {
  page: number;
  text: string;
  /** OCR read the page from its picture (document_pages.ocr): its text may hold misread words. */
  ocr?: boolean;
}

export interface GenerationRequest {
  topic: string;
  difficulty: Difficulty;
  /** How many items to produce in this call. */
  count: number;
  /** Allowed question types; the provider mixes them. */
  types: QuestionType[];
  /** The topic's passages, most relevant first: the only material a language model sees. */
  passages: Passage[];
  /** The whole document, for providers that work from it directly (builtin: distractors). */
  document: { pageCount: number; pages: () => Promise<PageText[]>; /** What its pages are: a PDF's pages, slides or sections. */ unit?: PageUnit };
  /** Questions already accepted, and on regenerate the previous test's questions; the provider must not repeat them. */
  exclude: string[];
  /**
   * Regenerate: the source sentences the previous test was written from (where a provider reported them),
   * which the provider should not build questions on again.
   */
  excludeSources?: string[];
  /** Same seed and input, same output (builtin); language models may ignore it. */
  seed: number;
  signal?: AbortSignal;
}

/** A request without study material (the study-set page): the model's own knowledge. */
export interface FreeGenerationRequest {
  prompt: string;
  count: number;
  types: QuestionType[];
  signal?: AbortSignal;
}

export interface Provider {
  readonly name: "openai" | "ollama" | "builtin";
  readonly model: string;
  /** Roughly how many tokens of passages fit into one request. */
  readonly contextTokens: number;
  /** Raw items; the pipeline validates each against `Question` and the source text. */
  generate(req: GenerationRequest): Promise<unknown[]>;
  /** Throws a 422 AppError for providers that need material (builtin). */
  generateFree(req: FreeGenerationRequest): Promise<unknown[]>;
}
