/**
 * An upload's progress, for the upload page while the scan runs (OCR takes seconds a page). The client
 * names its upload with a key of its choosing (`POST /api/files/upload/scan?upload=<key>`) and polls
 * `GET /api/materials/uploads/<key>/progress`. The progress is kept on the upload's slot row
 * (upload-slots.ts), so whichever instance answers the poll sees what the instance scanning the file
 * wrote; the row goes when the upload's response is over. Only the uploader's own slots are looked up:
 * anyone else's key is a 404, like a key that names nothing.
 */
import type { Scope } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { Ctx } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import type { ScanProgress } from "./scan/index.ts";
import { UploadKeyParams, UploadKeyQuery, type UploadProgressOut } from "./schema.ts";

/** The slot each upload request holds (upload-slots.ts puts it here), for its progress. */
export const slots = new WeakMap<Ctx, number>();

/** The key the upload request names, if any. */
export function uploadKeyOf(ctx: Ctx): string | null {
  return parse(UploadKeyQuery, ctx.query, "query").upload ?? null;
}

/**
 * What the scan of the upload `ctx` receives tells its slot. Writes are not awaited (the scan does not
 * wait for the database); one that fails is logged, and the next page's may succeed.
 */
export function progressReporter(ctx: Ctx): ((progress: ScanProgress) => void) | undefined {
  const id = slots.get(ctx);
  if (id === undefined || !ctx.query.upload) return undefined;
  const { app } = ctx.state;
  return ({ ocrPage, pages }) => {
    void app
      .db("upload_slots")
      .where({ id })
      .update({ ocr_page: ocrPage, page_count: pages })
      .catch((err: unknown) => app.log.warn({ err }, "upload progress: the database did not answer"));
  };
}

export async function uploadProgress(scope: Scope, params: unknown): Promise<UploadProgressOut> {
  const { id: key } = parse(UploadKeyParams, params, "path");
  const row: { ocr_page: number | null; page_count: number | null } | undefined = await scope
    .db("upload_slots")
    .where({ user_id: scope.user.id, upload_key: key })
    .andWhere("expires_at", ">", scope.clock.now().getTime())
    .orderBy("id", "desc")
    .first("ocr_page", "page_count");
  if (!row) throw new AppError(404, "No upload of yours with this id is in progress.");
  if (row.ocr_page === null || row.page_count === null) return { phase: "scanning" };
  return { phase: "ocr", page: Number(row.ocr_page), pages: Number(row.page_count) };
}
