import type { Middleware } from "koa";
import { AppError, type ErrorDetail } from "../../core/errors.ts";
import type { AppState } from "../state.ts";

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  httpCode?: number;
  expose?: boolean;
  message?: string;
}

/** Errors from the libraries under us (co-body, formidable, koa) that carry a client status. */
function clientStatus(err: HttpLikeError): number | undefined {
  const status = err.status ?? err.statusCode ?? err.httpCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

function describeClientError(status: number, err: HttpLikeError): string {
  if (status === 413) return "The request body is too large.";
  if (status === 415) return "Unsupported media type.";
  return err.expose && err.message ? err.message : "Bad request.";
}

/**
 * Turns every error into `{ detail, message }` with its status. Client errors are answers,
 * not incidents; an unexpected error is logged once with its request id and stack and
 * answers 500 without internals.
 */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith("/api/")) {
        throw new AppError(404, `No API route for ${ctx.method} ${ctx.path}.`);
      }
      if (ctx.status === 405 && ctx.body == null) throw new AppError(405, `${ctx.method} is not allowed here.`);
    } catch (raw) {
      let status: number;
      let detail: ErrorDetail;
      let extra: Record<string, unknown> = {};
      if (raw instanceof AppError) {
        ({ status, detail, extra } = raw);
        for (const [k, v] of Object.entries(raw.headers)) ctx.set(k, v);
        if (status >= 500) ctx.state.log.warn({ status, detail, cause: raw.cause }, "request failed upstream");
      } else {
        const err = raw as HttpLikeError;
        const client = clientStatus(err);
        if (client) {
          status = client;
          detail = describeClientError(client, err);
        } else {
          status = 500;
          detail = "Something went wrong on our side. Please try again.";
          ctx.state.log.error({ err: raw }, "unexpected error");
        }
      }
      ctx.status = status;
      ctx.type = "application/json";
      const message = typeof detail === "string" ? detail : (detail[0]?.msg ?? "Invalid input.");
      ctx.body = { detail, message, ...extra };
    }
  };
}
