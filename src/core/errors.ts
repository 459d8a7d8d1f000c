/**
 * The one error type services throw. The HTTP layer turns it into
 * `{ detail, message }` with its status; the CLI prints its detail.
 */
export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type ErrorDetail = string | FieldIssue[];

export class AppError extends Error {
  readonly status: number;
  readonly detail: ErrorDetail;
  /** Extra fields merged into the JSON body (e.g. `suggestions`). */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: ErrorDetail,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(typeof detail === "string" ? detail : (detail[0]?.msg ?? "Invalid input."), { cause: options.cause });
    this.name = "AppError";
    this.status = status;
    this.detail = detail;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (detail: ErrorDetail) => new AppError(400, detail);
export const unauthorized = (detail = "Not authenticated.") => new AppError(401, detail);
export const forbidden = (detail = "You are not allowed to do that.") => new AppError(403, detail);
export const notFound = (what = "Not found.") => new AppError(404, what);
export const conflict = (detail: string) => new AppError(409, detail);
export const invalid = (msg: string, loc: (string | number)[] = ["body"]) =>
  new AppError(422, [{ loc, msg, type: "value_error" }]);
