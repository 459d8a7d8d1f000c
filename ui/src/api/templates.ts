/** Templates: named generator settings (spec §2 `/templates`, §7 `/templates/`). */
import type { TemplateOut } from "../../../src/study/templates/schema.ts";
import { api, type CallOptions } from "./client.ts";
import type { Difficulty, QuestionType } from "./types.ts";

export type Template = TemplateOut;

/** What a template stores; everything but the name may be left out (the generator's defaults). */
export interface TemplateSettings {
  name: string;
  topic?: string;
  difficulty?: Difficulty;
  count?: number | string;
  question_types?: QuestionType[];
  file_id?: number;
}

export const LOAD_TEMPLATES_FAILED = "Failed to load templates. Please try again.";
export const ADD_TEMPLATE_FAILED = "Failed to add template. Please try again.";
export const REMOVE_TEMPLATE_FAILED = "Failed to remove template. Please try again.";

export function listTemplates(options?: CallOptions): Promise<Template[]> {
  return api.get<Template[]>("/api/templates/", { fallback: LOAD_TEMPLATES_FAILED, ...options });
}

export function addTemplate(settings: TemplateSettings, options?: CallOptions): Promise<Template> {
  return api.post<Template>("/api/templates/", settings, { fallback: ADD_TEMPLATE_FAILED, ...options });
}

export function removeTemplate(id: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/templates/${id}`, undefined, { fallback: REMOVE_TEMPLATE_FAILED, ...options });
}

const TYPE_NAMES: Record<QuestionType, string> = { multiple_choice: "multiple choice", true_false: "true/false", short_answer: "short answer" };

/** "Hard · 20 questions · true/false, short answer · topic: packages". */
export function describeTemplate(template: Template): string {
  const parts = [template.difficulty, `${template.count} question${template.count === 1 ? "" : "s"}`, template.question_types.map((t) => TYPE_NAMES[t]).join(", ")];
  if (template.topic) parts.push(`topic: ${template.topic}`);
  return parts.join(" · ");
}
