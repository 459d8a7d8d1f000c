import type { z } from "zod";
import { AppError, type FieldIssue } from "../core/errors.ts";

/** A form has a handful of fields; more issues than this help nobody and cost time to build. */
export const MAX_ISSUES = 10;

/**
 * Parses input with a zod schema; failures become a 422 whose detail lists each problem
 * as `{ loc, msg, type }`, so the UI can show `detail[0].msg`. At most MAX_ISSUES are
 * reported, each field/message pair once, in time linear in the number of issues: a hostile
 * body with 20,000 bad list entries costs one pass, not 20,000².
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown, where: "body" | "query" | "path" = "body"): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const detail: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const loc = [where, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    // One field failing two checks with the same message (e.g. 1e308 for a count) is said once.
    const key = JSON.stringify([loc, issue.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    detail.push({ loc, msg: issue.message, type: issue.code });
    if (detail.length === MAX_ISSUES) break;
  }
  throw new AppError(422, detail);
}
