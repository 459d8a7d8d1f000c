import type { Db } from "../core/db.ts";

export interface TestSummary {
  test_id: number;
  name: string;
  topic: string;
  difficulty: string;
  file_id: number;
  created_at: string;
}

/** A class page lists this many of its newest tests. */
export const CLASS_TESTS_SHOWN = 50;

/** A user's newest tests made from any of these study materials (for a class page). */
export async function testsFromMaterials(db: Db, userId: number, materialIds: number[]): Promise<TestSummary[]> {
  if (materialIds.length === 0) return [];
  return db("tests")
    .where({ user_id: userId })
    .whereIn("study_material_id", materialIds)
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }])
    .limit(CLASS_TESTS_SHOWN)
    .select("id as test_id", "name", "topic", "difficulty", "study_material_id as file_id", "created_at");
}
