import { requireUser } from "../http/auth.ts";
import type { AppRouter } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import { IdParams } from "../materials/schema.ts";
import { IdempotencyKey, SubmitInput } from "./schema.ts";
import * as practice from "./service.ts";

/** Registered before the generation routes, so /tests/results and /tests/submit are not read as ids. */
export function practiceRoutes(router: AppRouter) {
  router.post("/api/tests/submit", async (ctx) => {
    const scope = requireUser(ctx);
    const key = ctx.get("Idempotency-Key") ? parse(IdempotencyKey, ctx.get("Idempotency-Key"), "body") : undefined;
    const { result, created } = await practice.submit(scope, parse(SubmitInput, ctx.request.body), key);
    // A replay of an acknowledged submission answers 200 with the first result.
    ctx.status = created ? 201 : 200;
    ctx.body = result;
  });

  router.get("/api/tests/results", async (ctx) => {
    ctx.body = await practice.listResults(requireUser(ctx));
  });

  router.get("/api/results/:id", async (ctx) => {
    ctx.body = await practice.getResult(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });
}
