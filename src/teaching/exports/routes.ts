import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { parse } from "../../http/validate.ts";
import { IdParams } from "../../core/schema.ts";
import { exportTest } from "./index.ts";
import { ExportQuery, NOTICE_HEADER, SKIPPED_HEADER } from "./schema.ts";

export function exportRoutes(router: AppRouter) {
  router.get("/api/tests/:id/export", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const query = parse(ExportQuery, ctx.query, "query");
    const file = await exportTest(scope, id, query);
    ctx.attachment(file.name, { fallback: file.fallback });
    ctx.type = file.contentType;
    if (file.skipped) {
      ctx.set(SKIPPED_HEADER, String(file.skipped.count));
      ctx.set(NOTICE_HEADER, file.skipped.notice);
    }
    // A test's questions change when its teacher edits them: always ask again.
    ctx.set("Cache-Control", "private, no-store");
    ctx.body = typeof file.body === "string" ? file.body : Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength);
  });
}
