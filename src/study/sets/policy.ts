/** Who may see and change study sets and flashcards: the owner, or an admin. Missing and not-yours are the same 404. */
import type { Scope } from "../../core/context.ts";
import { findOwned } from "../../core/policy.ts";

export interface SetRow {
  id: number;
  user_id: number;
  name: string;
  title: string;
  description: string;
  study_material_id: number | null;
  topic: string | null;
  created_at: string;
  updated_at: string;
}

export interface CardRow {
  id: number;
  study_set_id: number;
  user_id: number;
  question: string;
  answer: string;
  source_page: number | null;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: string;
  last_review: string | null;
  created_at: string;
}

export const findSet = (scope: Scope, id: number) => findOwned<SetRow>(scope, "study_sets", id, "Study set");
export const findCard = (scope: Scope, id: number) => findOwned<CardRow>(scope, "flashcards", id, "Flashcard");

