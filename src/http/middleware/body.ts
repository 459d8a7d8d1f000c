import type { Middleware } from "koa";
import { koaBody } from "koa-body";
import { AppError } from "../../core/errors.ts";
import type { AppState } from "../state.ts";

const hasBody = (ctx: { get(h: string): string }) =>
  (ctx.get("Content-Length") !== "" && ctx.get("Content-Length") !== "0") || ctx.get("Transfer-Encoding") !== "";

/**
 * JSON bodies for the API. A body of another type is refused with 415 (multipart only where a
 * route says it takes uploads); DELETE bodies are parsed too (account deletion carries a password).
 */
export function jsonBody(): Middleware<AppState> {
  const parser = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: "1mb",
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: ["POST", "PUT", "PATCH", "DELETE"] as never,
    onError(err) {
      const status = (err as { status?: number }).status;
      if (status === 413) throw new AppError(413, "The request body is too large (the limit is 1 MB).");
      if (status === 415) throw new AppError(415, `Unsupported Content-Encoding: send the body plain, or compressed with gzip, deflate or br.`);
      // A body that does not decompress is the client's mistake, not ours: zlib reports it without a status.
      if (/^Z_|^ERR_BROTLI/.test(String((err as { code?: unknown }).code))) {
        throw new AppError(400, "The request body could not be decompressed: it does not match its Content-Encoding.");
      }
      if (status === 400) throw new AppError(400, "Malformed JSON in the request body.");
      throw err;
    },
  });
  return async (ctx, next) => {
    if (["POST", "PUT", "PATCH", "DELETE"].includes(ctx.method) && hasBody(ctx) && !ctx.is("application/json", "multipart/form-data")) {
      throw new AppError(415, "Unsupported media type: send JSON (application/json).");
    }
    if (ctx.is("multipart/form-data")) return next(); // the upload routes stream these themselves
    return parser(ctx, next);
  };
}
