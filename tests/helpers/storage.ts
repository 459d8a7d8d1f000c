import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { TestServer } from "./server.ts";

/** Every file under DATA_DIR/uploads and DATA_DIR/tmp, and the rows that refer to them. */
export async function footprint(server: TestServer) {
  const list = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];
  const count = async (table: string) => Number((await server.app.db(table).count({ n: "*" }).first())!.n);
  return {
    files: [...list(path.join(server.dataDir, "uploads")), ...list(path.join(server.dataDir, "tmp"))].sort(),
    materials: await count("study_materials"),
    documents: await count("documents"),
    chunks: await count("document_chunks"),
  };
}
