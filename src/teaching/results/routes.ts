import { IdParams } from "../../core/schema.ts";
import { requireUser } from "../../http/auth.ts";
import type { AppRouter, Ctx } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { downloadNames } from "../exports/filename.ts";
import { resultsCsv } from "./csv.ts";
import { ResultsQuery } from "./schema.ts";
import { classResults, onePerAssignmentTable } from "./service.ts";

async function sendCsv(ctx: Ctx, results: Awaited<ReturnType<typeof classResults>>) {
  const { name, fallback } = downloadNames(results.class_name, "grades", "csv");
  ctx.attachment(name, { fallback });
  ctx.type = "text/csv; charset=utf-8";
  ctx.body = resultsCsv(results);
}

export function classResultRoutes(router: AppRouter) {
  router.get("/api/classes/:id/results", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const { format, assignment } = parse(ResultsQuery, ctx.query, "query");
    const results = await classResults(scope, id);
    // Grades change with every submission: never from a cache.
    ctx.set("Cache-Control", "private, no-store");
    if (format === "csv") await sendCsv(ctx, results);
    else ctx.body = onePerAssignmentTable(results, assignment);
  });

  router.get("/api/classes/:id/results.csv", async (ctx) => {
    const scope = requireUser(ctx);
    const results = await classResults(scope, parse(IdParams, ctx.params, "path").id);
    ctx.set("Cache-Control", "private, no-store");
    await sendCsv(ctx, results);
  });
}
