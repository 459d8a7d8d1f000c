/** Classes: a student's own organiser of study materials (spec §2 `/classes`, §7 `/classes/`). */
import type { ClassDetailOut, ClassOut } from "../../../src/study/classes/schema.ts";
import { api, upload, type CallOptions } from "./client.ts";

export type StudyClass = ClassOut;
export type StudyClassDetail = ClassDetailOut;

export const LOAD_CLASSES_FAILED = "Failed to load classes. Please try again.";
export const ADD_CLASS_FAILED = "Failed to add class. Please try again.";
export const REMOVE_CLASS_FAILED = "Failed to remove class. Please try again.";

export function listClasses(options?: CallOptions): Promise<StudyClass[]> {
  return api.get<StudyClass[]>("/api/classes/", { fallback: LOAD_CLASSES_FAILED, ...options });
}

export function getClass(id: number, options?: CallOptions): Promise<StudyClassDetail> {
  return api.get<StudyClassDetail>(`/api/classes/${id}`, options);
}

/** Adds a class as the spec's form sends it: multipart {name, syllabus?}; a syllabus is uploaded and scanned. */
export function addClass(name: string, syllabus: File | null, onProgress?: (percent: number) => void, options?: CallOptions): Promise<StudyClass> {
  const form = new FormData();
  form.append("name", name);
  if (syllabus) form.append("syllabus", syllabus, syllabus.name);
  return upload<StudyClass>("/api/classes/", form, onProgress, { fallback: ADD_CLASS_FAILED, ...options });
}

export function removeClass(id: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/classes/${id}`, undefined, { fallback: REMOVE_CLASS_FAILED, ...options });
}

export function attachMaterial(classId: number, fileId: number, options?: CallOptions): Promise<StudyClassDetail> {
  return api.post<StudyClassDetail>(`/api/classes/${classId}/materials`, { file_id: fileId }, options);
}

export function detachMaterial(classId: number, fileId: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/classes/${classId}/materials/${fileId}`, undefined, options);
}
