import type { Command } from "commander";
import { mkdirSync } from "node:fs";
import { migrate, openDb } from "../src/core/db.ts";
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
}
