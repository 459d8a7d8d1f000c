import type { Ctx } from "../http/state.ts";
import { receiveFile } from "../http/multipart.ts";
import { uploadTempDir } from "./storage.ts";

/**
 * Receives a PDF upload in `field` under the upload size limit, with /upload's message. Every
 * route that takes study material (the upload itself, a class's syllabus) receives it this way.
 */
export function receivePdf(ctx: Ctx, field: string, { required = true }: { required?: boolean } = {}) {
  const { config } = ctx.state.app;
  return receiveFile(ctx, {
    field,
    required,
    maxBytes: config.maxUploadMb * 1024 * 1024,
    tempDir: uploadTempDir(config.dataDir),
    tooLarge: `The file is larger than ${config.maxUploadMb} MB.`,
  });
}
