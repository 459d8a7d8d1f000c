import type { Knex } from "knex";
import * as m001 from "./001_accounts.ts";
import * as m002 from "./002_materials.ts";
import * as m003 from "./003_generation.ts";
import * as m004 from "./004_practice.ts";
import * as m005 from "./005_sessions.ts";
import * as m006 from "./006_storage.ts";
import * as m007 from "./007_admin.ts";
import * as m008 from "./008_classes_templates.ts";
import * as m009 from "./009_study_sets.ts";
import * as m010 from "./010_goals_notifications.ts";
import * as m011 from "./011_clean_pages.ts";
import * as m012 from "./012_partial_tests.ts";
import * as m013 from "./013_teaching.ts";
import * as m014 from "./014_postgres_full_text.ts";
import * as m015 from "./015_postgres_double_precision.ts";
import * as m016 from "./016_job_leases.ts";
import * as m020 from "./020_rate_limits.ts";
import * as m021 from "./021_leases.ts";
import * as m022 from "./022_upload_slots.ts";
import * as m023 from "./023_idempotency_keys.ts";
import * as m025 from "./025_class_members_added.ts";
import * as m026 from "./026_assignment_exports.ts";
import * as m027 from "./027_ocr_pages.ts";
import * as m028 from "./028_document_formats.ts";
import * as m029 from "./029_user_identities.ts";
import * as m030 from "./030_tidy_spacing.ts";

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
  /** `{ transaction: false }`: knex runs the migration outside a transaction (it opens its own). */
  config?: { transaction?: boolean };
}

/** Every migration, in order. A landed migration is never edited: add a new one. */
export const migrations: Migration[] = [
  { name: "001_accounts", ...m001 },
  { name: "002_materials", ...m002 },
  { name: "003_generation", ...m003 },
  { name: "004_practice", ...m004 },
  { name: "005_sessions", ...m005 },
  { name: "006_storage", ...m006 },
  { name: "007_admin", ...m007 },
  { name: "008_classes_templates", ...m008 },
  { name: "009_study_sets", ...m009 },
  { name: "010_goals_notifications", ...m010 },
  { name: "011_clean_pages", ...m011 },
  { name: "012_partial_tests", ...m012 },
  { name: "013_teaching", ...m013 },
  { name: "014_postgres_full_text", ...m014 },
  { name: "015_postgres_double_precision", ...m015 },
  { name: "016_job_leases", ...m016 },
  { name: "020_rate_limits", ...m020 },
  { name: "021_leases", ...m021 },
  { name: "022_upload_slots", ...m022 },
  { name: "023_idempotency_keys", ...m023 },
  { name: "025_class_members_added", ...m025 },
  { name: "026_assignment_exports", ...m026 },
  { name: "027_ocr_pages", ...m027 },
  { name: "028_document_formats", ...m028 },
  { name: "029_user_identities", ...m029 },
  { name: "030_tidy_spacing", ...m030 },
];
