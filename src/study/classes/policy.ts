import type { Knex } from "knex";
import type { Scope, SessionUser } from "../../core/context.ts";
import { forbidden, notFound } from "../../core/errors.ts";
import { isMember, joinedBy } from "./members.ts";

export interface ClassRow {
  id: number;
  owner_id: number;
  name: string;
  syllabus_id: number | null;
  /** Set for a teacher's class (one whose owner teaches), null for a student's own organiser. */
  join_code: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * view: the class, its syllabus and materials. change: rename, delete, attach and detach materials.
 * teach: the roster, the join code and assignments of a teacher's class. code: give the class a new
 * join code (teach, and also a teacher's own class made before they taught, which becomes a teacher's).
 */
export type ClassAction = "view" | "change" | "teach" | "code";

/** Teachers teach; administrators can do everything a teacher can. */
export const teaches = (user: SessionUser) => user.role === "teacher" || user.role === "admin";

/** How the user stands to a class they may see. */
export type ClassRelation = "owner" | "member" | "admin";

/**
 * Who may do what with a class. The owner (and an administrator) may do everything their class
 * allows; a member of a teacher's class may view it, read-only. Only a teacher's class (one with a
 * join code) has members and assignments. Every service that loads a class by id goes through findClass.
 */
export function can(user: SessionUser, action: ClassAction, cls: ClassRow, relation: ClassRelation): boolean {
  if (action === "view") return true;
  if (relation === "member" && !user.is_admin) return false;
  if (action === "change") return true;
  const teaching = cls.join_code !== null && (user.is_admin || teaches(user));
  return teaching || (action === "code" && relation === "owner" && teaches(user));
}

const TEACHERS_ONLY = "Only a teacher's class has members and assignments, and only its teacher manages them.";
const refusal: Record<Exclude<ClassAction, "view">, string> = {
  change: "Only the teacher of this class can change it.",
  teach: TEACHERS_ONLY,
  code: TEACHERS_ONLY,
};

/** Narrows a query on `classes` to the ones the user lists as theirs: owned or joined. */
export const listedFor = (user: SessionUser) => (q: Knex.QueryBuilder) => {
  q.where((w) => w.where("owner_id", user.id).orWhereIn("id", joinedBy(user.id)));
};

/** How the scope's user stands to the class, or null when they may not see it. */
export async function relationTo(scope: Scope, cls: ClassRow): Promise<ClassRelation | null> {
  if (cls.owner_id === scope.user.id) return "owner";
  if (await isMember(scope.db, cls.id, scope.user.id)) return "member";
  return scope.user.is_admin ? "admin" : null;
}

/**
 * Loads a class the scope may act on: missing and not-yours are the same 404; a class the user sees
 * but may not act on that way (a member changing it, a student's organiser asked for members) is 403.
 */
export async function findClass(scope: Scope, id: number, action: ClassAction = "view"): Promise<ClassRow & { relation: ClassRelation }> {
  const row: ClassRow | undefined = await scope.db("classes").where({ id }).first();
  const relation = row ? await relationTo(scope, row) : null;
  if (!row || !relation) throw notFound("Class not found.");
  if (action !== "view" && !can(scope.user, action, row, relation)) throw forbidden(refusal[action]);
  return { ...row, relation };
}
