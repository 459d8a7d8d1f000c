import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "koa";
import type { Config } from "../core/config.ts";
import { AppError } from "../core/errors.ts";

const isLoopback = (address: string | undefined) => !!address && /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);

/** Headers a reverse proxy adds: their presence means the peer is a proxy, not the client. */
const FORWARDING = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * Whether the request comes from this machine. The socket's peer must be loopback. A proxy on this
 * machine is a loopback peer for every client it forwards, so a forwarded request counts only when
 * TRUST_PROXY is on and the proxy's X-Forwarded-For names a loopback client (Koa reads its last hop);
 * without TRUST_PROXY the header is anyone's to write and a forwarded request never counts.
 */
function fromThisMachine(ctx: Context, trustProxy: boolean): boolean {
  if (!isLoopback(ctx.req.socket.remoteAddress)) return false;
  if (!FORWARDING.some((name) => ctx.get(name) !== "")) return true;
  return trustProxy && ctx.get("x-forwarded-for") !== "" && isLoopback(ctx.ip);
}

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read GET /metrics: with METRICS_TOKEN, a request bearing it (401 otherwise, from anywhere);
 * without, only this machine (404 otherwise: the metrics are off for the rest of the network).
 * Sessions play no part: metrics are for the operator's Prometheus, not for any user role.
 */
export function checkMetricsAccess(ctx: Context, config: Pick<Config, "metricsToken" | "trustProxy">): void {
  const token = config.metricsToken;
  if (token) {
    const given = /^Bearer +(\S+)\s*$/i.exec(ctx.get("authorization"))?.[1];
    if (given && sameToken(given, token)) return;
    throw new AppError(401, "GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.", {
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
  if (!fromThisMachine(ctx, config.trustProxy)) {
    throw new AppError(404, "Metrics are served only to this machine; set METRICS_TOKEN to let Prometheus read them from elsewhere.");
  }
}
