import { createReadStream } from "node:fs";
import { requireUser } from "../http/auth.ts";
import { clientGone } from "../http/client-gone.ts";
import type { AppRouter } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import { receivePdf } from "./receive.ts";
import { IdParams, SearchQuery } from "./schema.ts";
import * as materials from "./service.ts";
import { progressReporter, uploadProgress } from "./upload-progress.ts";

export function materialRoutes(router: AppRouter) {
  router.get("/api/files", async (ctx) => {
    ctx.body = await materials.listFiles(requireUser(ctx));
  });

  router.post("/api/files/upload/scan", async (ctx) => {
    const scope = requireUser(ctx);
    const { file } = await receivePdf(ctx, "file");
    const result = await materials.uploadFile(scope, file!, { signal: clientGone(ctx), progress: progressReporter(ctx) });
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.file;
  });

  router.get("/api/materials/uploads/:id/progress", async (ctx) => {
    ctx.body = await uploadProgress(requireUser(ctx), ctx.params);
  });

  router.get("/api/files/:id", async (ctx) => {
    ctx.body = await materials.getFile(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.get("/api/files/:id/download", async (ctx) => {
    const file = await materials.downloadFile(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
    ctx.attachment(file.filename);
    ctx.type = file.contentType;
    ctx.length = file.size;
    ctx.body = createReadStream(file.path);
  });

  router.get("/api/files/:id/search", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const { q, limit } = parse(SearchQuery, ctx.query, "query");
    ctx.body = await materials.searchFile(scope, id, q, limit);
  });

  router.delete("/api/files/:id", async (ctx) => {
    await materials.deleteFile(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
    ctx.status = 204;
  });
}
