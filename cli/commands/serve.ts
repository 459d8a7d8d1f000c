import type { Register } from "../runtime.ts";

/** `studyforge serve`: the web server, the job workers, the scan workers and the hourly maintenance. */
export const serveCommand: Register = (program, cli) => {
  program
    .command("serve")
    .description("start the web server (UI and API) on HOST:PORT, with the background jobs")
    .option("-p, --port <port>", "listen on this port (overrides PORT)")
    .action(async (opts: { port?: string }) => {
      if (opts.port) process.env.PORT = opts.port;
      const { config } = cli.load();
      const [{ createLogger }, { serveUntilSignalled }] = await Promise.all([import("../../src/core/logger.ts"), import("../../src/server.ts")]);
      // The server's log is its output: stdout, at the configured level, readable on a terminal.
      await serveUntilSignalled(config, createLogger(config.logLevel));
    });
};
