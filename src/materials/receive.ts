import type { Ctx } from "../http/state.ts";
import { receiveFile } from "../http/multipart.ts";
import { uploadTempDir } from "./storage.ts";
import { takeUploadSlot } from "./upload-slots.ts";

/**
 * Receives an upload of study material (any kind ./formats accepts; the scan tells them apart by content)
 * in `field` under the upload size limit, with /upload's message, in one of the
 * user's upload slots (upload-slots.ts). Every route that takes study material (the upload itself, a
 * class's syllabus) receives it this way. Call it after requireUser.
 */
export async function receivePdf(ctx: Ctx, field: string, { required = true }: { required?: boolean } = {}) {
  const { config } = ctx.state.app;
  await takeUploadSlot(ctx);
  return receiveFile(ctx, {
    field,
    required,
    maxBytes: config.maxUploadMb * 1024 * 1024,
    tempDir: uploadTempDir(config.dataDir),
    tooLarge: `The file is larger than ${config.maxUploadMb} MB.`,
  });
}
