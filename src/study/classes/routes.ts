import { rm } from "node:fs/promises";
import { requireUser } from "../../http/auth.ts";
import { clientGone } from "../../http/client-gone.ts";
import type { AppRouter, Ctx } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { receivePdf } from "../../materials/receive.ts";
import { IdParams } from "../../core/schema.ts";
import { AttachInput, ClassInput, ClassMaterialParams } from "./schema.ts";
import * as classes from "./service.ts";

/**
 * The spec's multipart {name, syllabus?}; a JSON {name} (no syllabus) works too. A name that fails
 * validation drops the received file before any scan.
 */
async function receiveClass(ctx: Ctx) {
  if (!ctx.is("multipart/form-data")) return { input: parse(ClassInput, ctx.request.body) };
  const { file, fields } = await receivePdf(ctx, "syllabus", { required: false });
  try {
    return { input: parse(ClassInput, fields), file };
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    throw err;
  }
}

export function classRoutes(router: AppRouter) {
  router.get("/api/classes", async (ctx) => {
    ctx.body = await classes.listClasses(requireUser(ctx));
  });

  router.post("/api/classes", async (ctx) => {
    const scope = requireUser(ctx);
    const { input, file } = await receiveClass(ctx);
    ctx.body = await classes.createClass(scope, input, file, { signal: clientGone(ctx) });
    ctx.status = 201;
  });

  router.get("/api/classes/:id", async (ctx) => {
    ctx.body = await classes.getClass(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.delete("/api/classes/:id", async (ctx) => {
    await classes.deleteClass(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
    ctx.status = 204;
  });

  router.post("/api/classes/:id/materials", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const { file_id } = parse(AttachInput, ctx.request.body);
    const result = await classes.attachMaterial(scope, id, file_id);
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.class;
  });

  router.delete("/api/classes/:id/materials/:file_id", async (ctx) => {
    const scope = requireUser(ctx);
    const { id, file_id } = parse(ClassMaterialParams, ctx.params, "path");
    await classes.detachMaterial(scope, id, file_id);
    ctx.status = 204;
  });
}
