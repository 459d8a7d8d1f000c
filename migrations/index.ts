import type { Knex } from "knex";
import * as m001 from "./001_accounts.ts";

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** Every migration, in order. A landed migration is never edited: add a new one. */
export const migrations: Migration[] = [{ name: "001_accounts", ...m001 }];
