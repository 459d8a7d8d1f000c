/**
 * Editing a test's questions (its owner only): read it with its version, then edit, delete, reorder,
 * add or write one question again. Every change sends the version it was made on and answers with the
 * test as it now is; a 409 means the test changed meanwhile (or was taken: only wording may change).
 */
import { api, type CallOptions } from "./client.ts";
import type { EditableTest, NewQuestionInput, QuestionPatch } from "../../../src/generation/edit-schema.ts";

export type { EditableTest };
export type QuestionFields = Omit<NewQuestionInput, "version" | "position">;

const base = (id: number) => `/api/tests/${id}/questions`;

export function getEditableTest(id: number, options?: CallOptions): Promise<EditableTest> {
  return api.get<EditableTest>(base(id), options);
}

export function editQuestion(id: number, index: number, version: string, patch: Omit<QuestionPatch, "version">): Promise<EditableTest> {
  return api.patch<EditableTest>(`${base(id)}/${index}`, { ...patch, version });
}

export function addQuestion(id: number, version: string, fields: QuestionFields): Promise<EditableTest> {
  return api.post<EditableTest>(base(id), { ...fields, version });
}

export function deleteQuestion(id: number, index: number, version: string): Promise<EditableTest> {
  return api.delete<EditableTest>(`${base(id)}/${index}`, undefined, { query: { version } });
}

export function reorderQuestions(id: number, order: number[], version: string): Promise<EditableTest> {
  return api.post<EditableTest>(`${base(id)}/reorder`, { order, version });
}

/** Waits while the question is written (a job on the server, usually seconds). */
export function regenerateQuestion(id: number, index: number, version: string): Promise<EditableTest> {
  return api.post<EditableTest>(`${base(id)}/${index}/regenerate`, { version });
}
