/**
 * `npm run dev`: the API server restarted on every change (node --watch) and Vite's dev server
 * with hot reload for the UI, which proxies /api to the API server. Ctrl-C stops both.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const apiPort = process.env.PORT ?? "8080";
const children = [
  spawn(process.execPath, ["--watch-path=src", "--watch-path=cli", "--watch-path=migrations", "cli/index.ts", "serve"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
