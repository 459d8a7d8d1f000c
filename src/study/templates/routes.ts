import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { IdParams } from "../../core/schema.ts";
import { TemplateInput } from "./schema.ts";
import * as templates from "./service.ts";

export function templateRoutes(router: AppRouter) {
  router.get("/api/templates", async (ctx) => {
    ctx.body = await templates.listTemplates(requireUser(ctx));
  });

  router.post("/api/templates", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await templates.createTemplate(scope, parse(TemplateInput, ctx.request.body));
    ctx.status = 201;
  });

  router.get("/api/templates/:id", async (ctx) => {
    ctx.body = await templates.getTemplate(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.delete("/api/templates/:id", async (ctx) => {
    await templates.deleteTemplate(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
    ctx.status = 204;
  });
}
