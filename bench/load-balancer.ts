/**
 * A small load balancer for the benchmarks: round-robin over several StudyForge instances, as nginx or
 * a cloud balancer would spread a school's requests, built on http-proxy-3 (a maintained rewrite of
 * node-http-proxy). Upstream connections are kept alive, as any real balancer keeps them, so each
 * request does not pay for a new TCP connection to the instance.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createProxyServer } from "http-proxy-3";

/** Connections to each instance at most: a burst queues in the balancer rather than opening thousands. */
const MAX_SOCKETS_PER_INSTANCE = 256;

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

export async function startLoadBalancer(targets: string[]): Promise<LoadBalancer> {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
      agent.destroy();
    },
  };
}
