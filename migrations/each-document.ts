import type { Knex } from "knex";

/**
 * Calls `visit` with each stored document's hash, in order, one at a time: a data migration over documents holds
 * only one document in memory, whatever the database holds (011, 030). Not a migration itself.
 */
export async function eachDocument(db: Knex, visit: (hash: string) => Promise<void>): Promise<void> {
  let after = "";
  for (;;) {
    const next: { hash: string } | undefined = await db("documents").where("hash", ">", after).orderBy("hash").first("hash");
    if (!next) return;
    after = next.hash;
    await visit(after);
  }
}
