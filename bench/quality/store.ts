/**
 * A throw-away SQLite database holding the benchmark's documents as an upload stores them (pages and the
 * search chunks of src/materials/chunks.ts), so that questions come from the real pipeline: full-text
 * retrieval of the topic's passages, batching, validation and repair, answer shuffling. There is no
 * materials function that stores pages without an upload and a user, so the three tables are written here.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, openDb, type Db } from "../../src/core/db.ts";
import { chunkPages } from "../../src/materials/chunks.ts";
import type { PageText } from "../../src/generation/providers/types.ts";

export interface BenchStore {
  db: Db;
  /** Stores a document's pages; returns its hash and page count for the pipeline. */
  add(name: string, pages: PageText[]): Promise<{ hash: string; pageCount: number }>;
  close(): Promise<void>;
}

export async function openStore(): Promise<BenchStore> {
  const dir = mkdtempSync(join(tmpdir(), "studyforge-quality-"));
  const db = openDb(join(dir, "bench.db"));
  await migrate(db);
  return {
    db,
    async add(name, pages) {
      const hash = createHash("sha256").update(name).update(JSON.stringify(pages)).digest("hex");
      const text_bytes = pages.reduce((n, p) => n + Buffer.byteLength(p.text), 0);
      const pageCount = Math.max(0, ...pages.map((p) => p.page));
      await db.transaction(async (trx) => {
        await trx("documents").insert({ hash, size_bytes: 0, text_bytes, page_count: pageCount, created_at: new Date().toISOString() });
        for (let i = 0; i < pages.length; i += 200) {
          await trx("document_pages").insert(pages.slice(i, i + 200).map((p) => ({ hash, page: p.page, text: p.text })));
        }
        const chunks = chunkPages(pages);
        for (let i = 0; i < chunks.length; i += 200) {
          await trx("document_chunks").insert(chunks.slice(i, i + 200).map((c) => ({ hash, page: c.page, seq: c.seq, text: c.text })));
        }
      });
      return { hash, pageCount };
    },
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
