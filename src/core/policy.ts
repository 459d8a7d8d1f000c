import type { Knex } from "knex";
import type { Scope } from "./context.ts";
import { notFound } from "./errors.ts";

/** Narrows a query to the records the scope may see: its own, or all for an admin. */
export const visibleTo =
  (scope: Scope, column = "user_id") =>
  (q: Knex.QueryBuilder) => {
    if (!scope.user.is_admin) q.where(column, scope.user.id);
  };

/**
 * Loads one record by id through the ownership rule. Missing and not-yours are the same 404,
 * so ids reveal nothing.
 */
export async function findOwned<T>(scope: Scope, table: string, id: number, what: string): Promise<T> {
  const row: T | undefined = await scope.db(table).where({ id }).modify(visibleTo(scope)).first();
  if (!row) throw notFound(`${what} not found.`);
  return row;
}
