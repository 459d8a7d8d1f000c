import type Router from "@koa/router";
import type { ParameterizedContext } from "koa";
import type { AppContext, SessionUser } from "../core/context.ts";
import type { Logger } from "../core/logger.ts";

/** What the middleware puts on ctx.state for the routes. */
export interface AppState {
  requestId: string;
  log: Logger;
  app: AppContext;
  /** Set by the session middleware when the request carries a valid session. */
  user?: SessionUser;
  /** The session row the request's token names, set with `user`. */
  sessionId?: number;
}

export type Ctx = ParameterizedContext<AppState>;
export type AppRouter = Router<AppState>;
