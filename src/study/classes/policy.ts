import type { Knex } from "knex";
import type { Scope, SessionUser } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";

export interface ClassRow {
  id: number;
  owner_id: number;
  name: string;
  syllabus_id: number | null;
  created_at: string;
  updated_at: string;
}

export type ClassAction = "view" | "change";

/**
 * Who may do what with a class. Today a class is its owner's organiser: the owner may view and
 * change it, an administrator too. Teacher-led classes add members here (a member may view), and
 * nowhere else: every service that loads a class by id goes through findClass.
 */
export function can(user: SessionUser, _action: ClassAction, cls: ClassRow): boolean {
  if (user.is_admin) return true;
  return cls.owner_id === user.id;
}

/** Narrows a query on `classes` to the ones the user lists as theirs (owned; later also joined). */
export const listedFor = (user: SessionUser) => (q: Knex.QueryBuilder) => {
  q.where("owner_id", user.id);
};

/** Loads a class the scope may act on; missing and not-yours are the same 404. */
export async function findClass(scope: Scope, id: number, action: ClassAction = "view"): Promise<ClassRow> {
  const row: ClassRow | undefined = await scope.db("classes").where({ id }).first();
  if (!row || !can(scope.user, action, row)) throw notFound("Class not found.");
  return row;
}
