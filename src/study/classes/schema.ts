import { z } from "zod";
import { IdParams, userText, wholeNumber } from "../../core/schema.ts";
import type { TestSummary } from "../../generation/queries.ts";
import type { FileOut } from "../../materials/schema.ts";
import type { LatestScore } from "../../practice/queries.ts";

export const CLASS_NAME_EMPTY = "Class name cannot be empty.";
export const MAX_CLASS_NAME = 100;
export const CLASS_NAME_TOO_LONG = `The class name is too long (at most ${MAX_CLASS_NAME} characters).`;
/** Classes one account may keep: a school career's worth, and a bound on what one list answers. */
export const MAX_CLASSES = 200;
export const TOO_MANY_CLASSES = `You have ${MAX_CLASSES} classes, the most one account can keep. Remove one to add another.`;
/** Study materials one class may hold besides its syllabus. */
export const MAX_CLASS_MATERIALS = 100;
export const TOO_MANY_MATERIALS = `A class holds at most ${MAX_CLASS_MATERIALS} study materials. Remove one to add another.`;

const FILE_REQUIRED = "Select a study material (file_id).";

/** POST /api/classes: {name} as multipart fields (with the syllabus file) or JSON. */
export const ClassInput = z.object({
  name: z
    .string({ error: CLASS_NAME_EMPTY })
    .pipe(userText())
    .pipe(z.string().min(1, CLASS_NAME_EMPTY).max(MAX_CLASS_NAME, CLASS_NAME_TOO_LONG)),
});
export type ClassInput = z.infer<typeof ClassInput>;

/** POST /api/classes/{id}/materials. */
export const AttachInput = z.object({
  file_id: wholeNumber(FILE_REQUIRED).pipe(z.number().positive(FILE_REQUIRED).max(2 ** 31, FILE_REQUIRED)),
});

/** `/api/classes/{id}/materials/{file_id}`. */
export const ClassMaterialParams = IdParams.extend({ file_id: IdParams.shape.id });

/** The spec's {file_id, filename} of a class's syllabus. */
export interface SyllabusOut {
  file_id: number;
  filename: string;
}

/**
 * How the viewer stands to a class: `teacher` (they teach it: a teacher's class, by its owner or an
 * administrator), `organiser` (a student's own class), `member` (they joined a teacher's class: read-only).
 */
export type ClassRole = "teacher" | "organiser" | "member";

/** A class in the list: the spec's {id, name, syllabus}. */
export interface ClassOut {
  id: number;
  name: string;
  syllabus: SyllabusOut | null;
  /** Attached study materials, not counting the syllabus. */
  material_count: number;
  created_at: string;
  role: ClassRole;
  /** The code students join with: shown to whoever teaches the class, null for everyone else. */
  join_code: string | null;
  /** The teacher's name, for a teacher's class; null for a student's own organiser. */
  teacher: string | null;
  /** Members of a teacher's class (0 for an organiser). */
  member_count: number;
}

/** A test made from one of the class's files (`file_id`), with its latest attempt (null when never taken); a member sees their own. */
export type ClassTestOut = TestSummary & { latest: LatestScore | null };

/** GET /api/classes/{id}: the class with its syllabus, materials, the tests made from them and their latest scores. */
export interface ClassDetailOut extends ClassOut {
  materials: (FileOut & { attached_at: string })[];
  tests: ClassTestOut[];
}
