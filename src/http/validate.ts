import type { z } from "zod";
import { AppError, type FieldIssue } from "../core/errors.ts";

/**
 * Parses input with a zod schema; failures become a 422 whose detail lists each problem
 * as `{ loc, msg, type }`, so the UI can show `detail[0].msg`.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown, where: "body" | "query" | "path" = "body"): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const detail: FieldIssue[] = [];
  for (const issue of result.error.issues) {
    const loc = [where, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    // One field failing two checks with the same message (e.g. 1e308 for a count) is said once.
    if (detail.some((d) => d.msg === issue.message && d.loc.join(".") === loc.join("."))) continue;
    detail.push({ loc, msg: issue.message, type: issue.code });
  }
  throw new AppError(422, detail);
}
