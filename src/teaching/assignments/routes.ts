import { IdParams } from "../../core/schema.ts";
import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { AssignmentInput, AssignmentParams } from "./schema.ts";
import * as assignments from "./service.ts";

export function assignmentRoutes(router: AppRouter) {
  router.get("/api/assignments", async (ctx) => {
    ctx.body = await assignments.myAssignments(requireUser(ctx));
  });

  router.post("/api/classes/:id/assignments", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await assignments.createAssignment(scope, id, parse(AssignmentInput, ctx.request.body));
    ctx.status = 201;
  });

  router.get("/api/classes/:id/assignments", async (ctx) => {
    ctx.body = await assignments.listClassAssignments(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.delete("/api/classes/:id/assignments/:assignment_id", async (ctx) => {
    const scope = requireUser(ctx);
    const { id, assignment_id } = parse(AssignmentParams, ctx.params, "path");
    await assignments.deleteAssignment(scope, id, assignment_id);
    ctx.status = 204;
  });
}
