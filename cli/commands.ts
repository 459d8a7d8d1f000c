import type { Command } from "commander";
import { mkdirSync } from "node:fs";
import { renderToString } from "ink";
import { createElement } from "react";
import { closeContext, openContext } from "../src/core/bootstrap.ts";
import { migrate, openDb } from "../src/core/db.ts";
import { createLogger } from "../src/core/logger.ts";
import { systemStatus } from "../src/core/status.ts";
import { StatusView } from "./views/status.ts";
import type { Config } from "../src/core/config.ts";
import type { Logger } from "../src/core/logger.ts";
import { serveUntilSignalled } from "../src/server.ts";

export type ConfigLoader = () => { config: Config; log: Logger };

/** The commands; each opens the same core the server uses and calls the same services. */
export function registerCommands(program: Command, load: ConfigLoader) {
  program
    .command("serve")
    .description("start the web server (UI and API) on HOST:PORT, with the background jobs")
    .option("-p, --port <port>", "listen on this port (overrides PORT)")
    .action(async (opts: { port?: string }) => {
      if (opts.port) process.env.PORT = opts.port;
      const { config, log } = load();
      await serveUntilSignalled(config, log);
    });

  program
    .command("migrate")
    .description("apply pending database migrations (the server also does this at start)")
    .action(async () => {
      const { config } = load();
      mkdirSync(config.dataDir, { recursive: true });
      const db = openDb(config.databaseFile);
      try {
        const applied = await migrate(db);
        for (const name of applied) process.stdout.write(`applied ${name}\n`);
        process.stdout.write(`Database ${config.databaseFile} is up to date${applied.length ? "" : " (nothing to apply)"}.\n`);
      } finally {
        await db.destroy();
      }
    });

  program
    .command("status")
    .description("show where StudyForge keeps its data, what is in it, and how it is configured")
    .option("--json", "print the status as JSON")
    .action(async (opts: { json?: boolean }) => {
      const { config } = load();
      const app = await openContext(config, { log: createLogger("warn", false) });
      try {
        const status = await systemStatus(app);
        const out = opts.json
          ? JSON.stringify(status, null, 2)
          : renderToString(createElement(StatusView, { status }), { columns: process.stdout.columns || 100 });
        process.stdout.write(out + "\n");
      } finally {
        await closeContext(app);
      }
    });
}
