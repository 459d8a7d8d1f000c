import { requireAdmin, requireUser } from "../http/auth.ts";
import type { AppRouter, Ctx } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import { analytics } from "./analytics.ts";
import { listAnnouncements, postAnnouncement } from "./announcements.ts";
import { auditActions, listAudit } from "./audit.ts";
import { AdminDataQuery, AnalyticsQuery, AnnouncementInput, AuditQueryInput, FilesQuery, IdParams, UserPatch, UsersQuery } from "./schema.ts";
import * as admin from "./service.ts";

/** The signed-in administrator as the one who acts, with their address for the audit log. */
function adminScope(ctx: Ctx): admin.AdminScope {
  const scope = requireAdmin(ctx);
  return { ...scope, actor: { id: scope.user.id, name: scope.user.username, ip: ctx.ip } };
}

const idOf = (ctx: Ctx) => parse(IdParams, ctx.params, "path").id;

/**
 * Every route here is for administrators only (403 for anyone else, 401 without a session), except
 * the announcements list every user reads. Registered before the materials routes: an administrator
 * deleting someone else's file through the spec's DELETE /api/files/{id} is an audited action.
 */
export function adminRoutes(router: AppRouter) {
  router.get("/api/admin/data", async (ctx) => {
    const scope = adminScope(ctx);
    const query = parse(AdminDataQuery, ctx.query, "query");
    const [users, files] = await Promise.all([admin.listUsers(scope, query), admin.listFiles(scope, query)]);
    ctx.body = { users: users.items, files: files.items, users_total: users.total, files_total: files.total, page: query.page, per_page: query.per_page };
  });

  router.get("/api/admin/users", async (ctx) => {
    ctx.body = await admin.listUsers(adminScope(ctx), parse(UsersQuery, ctx.query, "query"));
  });

  router.get("/api/admin/users/:id", async (ctx) => {
    ctx.body = await admin.getUser(adminScope(ctx), idOf(ctx));
  });

  router.patch("/api/admin/users/:id", async (ctx) => {
    const scope = adminScope(ctx);
    ctx.body = await admin.updateUser(scope, idOf(ctx), parse(UserPatch, ctx.request.body));
  });

  router.post("/api/admin/users/:id/password-reset", async (ctx) => {
    const scope = adminScope(ctx);
    ctx.body = await admin.sendPasswordReset(scope, idOf(ctx));
  });

  // /api/users/me (the account's own deletion) is routed earlier, so ":id" here is always a number.
  router.delete("/api/users/:id", async (ctx) => {
    const scope = adminScope(ctx);
    await admin.deleteUser(scope, idOf(ctx));
    ctx.status = 204;
  });

  router.get("/api/admin/files", async (ctx) => {
    ctx.body = await admin.listFiles(adminScope(ctx), parse(FilesQuery, ctx.query, "query"));
  });

  router.delete("/api/files/:id", async (ctx, next) => {
    const user = requireUser(ctx).user;
    const id = idOf(ctx);
    // Students, and admins deleting their own files, go on to the materials route.
    if (!user.is_admin || (await admin.isOwnFile(ctx.state.app, user.id, id))) return next();
    await admin.deleteFile(adminScope(ctx), id);
    ctx.status = 204;
  });

  router.get("/api/admin/analytics", async (ctx) => {
    const scope = adminScope(ctx);
    ctx.body = await analytics(scope, parse(AnalyticsQuery, ctx.query, "query").days);
  });

  router.get("/api/admin/audit", async (ctx) => {
    const scope = adminScope(ctx);
    const { page, per_page, ...filters } = parse(AuditQueryInput, ctx.query, "query");
    const { items, total } = await listAudit(scope, { ...filters, offset: (page - 1) * per_page, limit: per_page });
    ctx.body = { items, total, page, per_page, actions: await auditActions(scope) };
  });

  router.post("/api/admin/announcements", async (ctx) => {
    const scope = adminScope(ctx);
    ctx.status = 201;
    ctx.body = await postAnnouncement(scope, parse(AnnouncementInput, ctx.request.body).message);
  });

  router.get("/api/announcements", async (ctx) => {
    ctx.body = await listAnnouncements(requireUser(ctx));
  });
}
