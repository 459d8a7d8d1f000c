import type { Db } from "../core/db.ts";
import { dialectOf } from "../core/dialect.ts";

export interface Passage {
  id: number;
  page: number;
  text: string;
}

export interface ChunkQuery {
  hash: string;
  /** Content words only (letters and digits): see searchTerms. */
  terms: string[];
  /** all: every term must occur; any: ranked by how well they match. */
  mode: "all" | "any";
  limit: number;
}

/** SQLite: the FTS5 table of migration 002, quoted terms, ranked by bm25. */
async function searchSqlite(db: Db, q: ChunkQuery): Promise<Passage[]> {
  const match = q.terms.map((t) => `"${t}"`).join(q.mode === "all" ? " AND " : " OR ");
  return db("document_chunks_fts as f")
    .join("document_chunks as c", "c.id", "f.rowid")
    .where("c.hash", q.hash)
    .whereRaw("document_chunks_fts MATCH ?", [match])
    .orderByRaw("bm25(document_chunks_fts)")
    .limit(q.limit)
    .select("c.id", "c.page", "c.text");
}

/**
 * PostgreSQL: the generated tsvector column of migration 014 (GIN index), the query parsed by
 * websearch_to_tsquery with the same English configuration (words side by side: all of them; joined by
 * "or": any), ranked by ts_rank, ties in the document's order so a search always answers alike.
 */
async function searchPostgres(db: Db, q: ChunkQuery): Promise<Passage[]> {
  const text = q.terms.join(q.mode === "all" ? " " : " or ");
  return db("document_chunks as c")
    .crossJoin(db.raw("websearch_to_tsquery('english', ?) as q", [text]))
    .where("c.hash", q.hash)
    .whereRaw("c.text_search @@ q")
    .orderByRaw("ts_rank(c.text_search, q) desc, c.id")
    .limit(q.limit)
    .select("c.id", "c.page", "c.text");
}

export function searchChunksSql(db: Db, q: ChunkQuery): Promise<Passage[]> {
  return dialectOf(db) === "sqlite" ? searchSqlite(db, q) : searchPostgres(db, q);
}
