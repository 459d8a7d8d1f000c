import { IdParams } from "../../core/schema.ts";
import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { JoinInput, MemberInput, MemberParams } from "./schema.ts";
import * as roster from "./service.ts";

export function rosterRoutes(router: AppRouter) {
  router.post("/api/classes/join", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await roster.joinClass(scope, parse(JoinInput, ctx.request.body).code);
  });

  router.post("/api/classes/:id/join-code", async (ctx) => {
    ctx.body = await roster.regenerateJoinCode(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.get("/api/classes/:id/members", async (ctx) => {
    ctx.body = await roster.listMembers(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.post("/api/classes/:id/members", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const { member, created } = await roster.addMemberByEmail(scope, id, parse(MemberInput, ctx.request.body).email);
    ctx.status = created ? 201 : 200;
    ctx.body = member;
  });

  router.delete("/api/classes/:id/members/:user_id", async (ctx) => {
    const scope = requireUser(ctx);
    const { id, user_id } = parse(MemberParams, ctx.params, "path");
    await roster.removeClassMember(scope, id, user_id);
    ctx.status = 204;
  });
}
