/**
 * A small load balancer for the benchmarks: round-robin over several StudyForge instances, as nginx or
 * a cloud balancer would spread a school's requests, built on http-proxy-3 (a maintained rewrite of
 * node-http-proxy). Upstream connections are kept alive, as any real balancer keeps them, so each
 * request does not pay for a new TCP connection to the instance. It runs as its own process, as a real
 * balancer does: in the benchmark's process it would share one event loop with thousands of clients.
 *
 *   node bench/load-balancer.ts PORT http://127.0.0.1:3001 http://127.0.0.1:3002
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { createProxyServer } from "http-proxy-3";
import { exited, NODE } from "../tests/helpers/cli.ts";

/** Connections to each instance at most: a burst queues in the balancer rather than opening thousands. */
const MAX_SOCKETS_PER_INSTANCE = 256;

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

function serve(port: number, targets: string[]): void {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS_PER_INSTANCE });
  const proxy = createProxyServer({ agent, xfwd: true });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length]!;
    proxy.web(req, res, { target }, () => {
      // The instance refused or dropped the connection: the client sees the balancer's 502, as with nginx.
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, "127.0.0.1", () => process.stdout.write("listening\n"));
}

/** Starts the balancer's process on `port` and resolves once it listens. */
export async function startLoadBalancer(port: number, targets: string[]): Promise<LoadBalancer> {
  const child = spawn(NODE, [import.meta.filename, String(port), ...targets], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the load balancer exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

if (import.meta.main) {
  const [port, ...targets] = process.argv.slice(2);
  serve(Number(port), targets);
}
