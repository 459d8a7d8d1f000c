import { z } from "zod";
import { userText } from "../../core/schema.ts";
import { GenerateInput } from "../../generation/schema.ts";
import type { Difficulty, QuestionType } from "../../generation/providers/types.ts";

export const TEMPLATE_NAME_EMPTY = "Template name cannot be empty.";
export const MAX_TEMPLATE_NAME = 100;
export const TEMPLATE_NAME_TOO_LONG = `The template name is too long (at most ${MAX_TEMPLATE_NAME} characters).`;
export const MAX_TEMPLATES = 200;
export const TOO_MANY_TEMPLATES = `You have ${MAX_TEMPLATES} templates, the most one account can keep. Remove one to add another.`;

/** The generator's defaults (spec §5), which a template added by name alone takes. */
export const TEMPLATE_DEFAULTS = { difficulty: "Easy", count: 5, question_types: ["multiple_choice"] } as const satisfies {
  difficulty: Difficulty;
  count: number;
  question_types: QuestionType[];
};

/** An empty or null optional field is the same as a missing one (a form sends ""). */
const blankIsAbsent = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const { topic, difficulty, count, question_types, file_id } = GenerateInput.shape;

/** POST /api/templates: a name, and the generator's own fields, validated as the generator does. */
export const TemplateInput = z.object({
  name: z
    .string({ error: TEMPLATE_NAME_EMPTY })
    .pipe(userText())
    .pipe(z.string().min(1, TEMPLATE_NAME_EMPTY).max(MAX_TEMPLATE_NAME, TEMPLATE_NAME_TOO_LONG)),
  topic: z.preprocess(blankIsAbsent, topic),
  difficulty: z.preprocess(blankIsAbsent, difficulty).transform((v) => v ?? TEMPLATE_DEFAULTS.difficulty),
  count: z.preprocess(blankIsAbsent, count).transform((v) => v ?? TEMPLATE_DEFAULTS.count),
  question_types: z.preprocess(blankIsAbsent, question_types).transform((v) => v ?? [...TEMPLATE_DEFAULTS.question_types]),
  file_id: z.preprocess(blankIsAbsent, file_id),
});
export type TemplateInput = z.infer<typeof TemplateInput>;

/** A template: the spec's {id, name} and the settings it fills the generator with. */
export interface TemplateOut {
  id: number;
  name: string;
  topic: string | null;
  difficulty: Difficulty;
  count: number;
  question_types: QuestionType[];
  /** The study material it preselects; null when none (or when that file was deleted). */
  file_id: number | null;
  filename: string | null;
  created_at: string;
}
