import { clientGone } from "../../http/client-gone.ts";
import type { z } from "zod";
import type { Scope } from "../../core/context.ts";
import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { IdParams } from "../../materials/schema.ts";
import { CardInput, CardPatch, CreateSetInput, FromResultInput, GenerateFromSetInput, ReviewInput, SetPatch } from "./schema.ts";
import * as sets from "./service.ts";

/** PATCH (the schema's fields) and DELETE of one record by its id. */
function editable<S extends z.ZodType>(
  router: AppRouter,
  path: string,
  schema: S,
  update: (scope: Scope, id: number, patch: z.infer<S>) => Promise<unknown>,
  remove: (scope: Scope, id: number) => Promise<void>,
) {
  router.patch(path, async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await update(scope, id, parse(schema, ctx.request.body));
  });
  router.delete(path, async (ctx) => {
    await remove(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
    ctx.status = 204;
  });
}

/**
 * Study sets under /api/study_sets (the spec's /study_sets/… are aliases); a card is addressed by its
 * own id under /api/flashcards/{id}, since a card belongs to one set.
 */
export function studySetRoutes(router: AppRouter) {
  router.get("/api/study_sets", async (ctx) => {
    ctx.body = await sets.listSets(requireUser(ctx));
  });

  router.post("/api/study_sets", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await sets.createSet(scope, parse(CreateSetInput, ctx.request.body), clientGone(ctx));
    ctx.status = 201;
  });

  router.post("/api/study_sets/from-result", async (ctx) => {
    const scope = requireUser(ctx);
    const { created, ...answer } = await sets.addMissed(scope, parse(FromResultInput, ctx.request.body));
    ctx.body = answer;
    ctx.status = created ? 201 : 200;
  });

  router.get("/api/study_sets/:id", async (ctx) => {
    ctx.body = await sets.getSet(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  editable(router, "/api/study_sets/:id", SetPatch, sets.updateSet, sets.deleteSet);

  router.post("/api/study_sets/:id/cards", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await sets.addCard(scope, id, parse(CardInput, ctx.request.body));
    ctx.status = 201;
  });

  router.post("/api/study_sets/:id/generate", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await sets.generateTest(scope, id, parse(GenerateFromSetInput, ctx.request.body ?? {}));
    ctx.status = 202;
  });

  editable(router, "/api/flashcards/:id", CardPatch, sets.updateCard, sets.deleteCard);

  router.post("/api/flashcards/:id/review", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await sets.reviewCard(scope, id, parse(ReviewInput, ctx.request.body).rating);
  });
}
