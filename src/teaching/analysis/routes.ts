import { IdParams } from "../../core/schema.ts";
import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { ItemAnalysisQuery } from "./schema.ts";
import { itemAnalysis } from "./service.ts";

export function itemAnalysisRoutes(router: AppRouter) {
  router.get("/api/tests/:id/item-analysis", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await itemAnalysis(scope, id, parse(ItemAnalysisQuery, ctx.query, "query"));
  });
}
