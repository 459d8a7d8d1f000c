import { requireUser } from "../../http/auth.ts";
import type { AppRouter, Ctx } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { IdParams } from "../../materials/schema.ts";
import { GoalInput, GoalPatch } from "./schema.ts";
import * as goals from "./service.ts";

const idOf = (ctx: Ctx) => parse(IdParams, ctx.params, "path").id;

/** The student's goals: list, create, read, change, delete. Another student's goal is 404. */
export function goalRoutes(router: AppRouter) {
  router.get("/api/goals", async (ctx) => {
    ctx.body = await goals.listGoals(requireUser(ctx));
  });

  router.post("/api/goals", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await goals.createGoal(scope, parse(GoalInput, ctx.request.body));
    ctx.status = 201;
  });

  router.get("/api/goals/:id", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await goals.getGoal(scope, idOf(ctx));
  });

  router.patch("/api/goals/:id", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await goals.updateGoal(scope, idOf(ctx), parse(GoalPatch, ctx.request.body));
  });

  router.delete("/api/goals/:id", async (ctx) => {
    const scope = requireUser(ctx);
    await goals.deleteGoal(scope, idOf(ctx));
    ctx.status = 204;
  });
}
