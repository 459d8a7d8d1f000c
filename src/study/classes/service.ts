import { rm } from "node:fs/promises";
import type { Scope } from "../../core/context.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { AppError, conflict } from "../../core/errors.ts";
import { testsFromMaterials } from "../../generation/queries.ts";
import type { ReceivedFile } from "../../http/multipart.ts";
import { findMaterial } from "../../materials/policy.ts";
import { filesOf } from "../../materials/queries.ts";
import { deleteFile, uploadFile } from "../../materials/service.ts";
import { latestScores } from "../../practice/queries.ts";
import { usersByIds } from "../../accounts/directory.ts";
import { memberCounts, setJoinCode } from "./members.ts";
import { findClass, listedFor, teaches, type ClassRelation, type ClassRow } from "./policy.ts";
import {
  MAX_CLASS_MATERIALS,
  MAX_CLASSES,
  TOO_MANY_CLASSES,
  TOO_MANY_MATERIALS,
  type ClassDetailOut,
  type ClassInput,
  type ClassOut,
  type ClassRole,
} from "./schema.ts";

const newestFirst = [{ column: "created_at", order: "desc" as const }, { column: "id", order: "desc" as const }];

async function materialCounts(scope: Scope, classIds: number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const rows: { class_id: number; n: number | string }[] = await scope
    .db("class_materials")
    .whereIn("class_id", classIds)
    .groupBy("class_id")
    .select("class_id")
    .count({ n: "*" });
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

type SeenClass = ClassRow & { relation: ClassRelation };

/** A member reads a teacher's class; its teacher (or an administrator) teaches it; a student organises their own. */
function roleOf(scope: Scope, row: SeenClass): ClassRole {
  if (row.relation === "member") return "member";
  return row.join_code !== null && teaches(scope.user) ? "teacher" : "organiser";
}

/**
 * Presents classes with their syllabus's name (asked of materials), how many materials and members
 * each holds, the viewer's role, and the teacher's name and join code where they apply.
 */
async function present(scope: Scope, rows: SeenClass[]): Promise<ClassOut[]> {
  const ids = rows.map((r) => r.id);
  const counts = await materialCounts(scope, ids);
  const members = await memberCounts(scope.db, ids);
  const teachers = await usersByIds(scope.db, rows.flatMap((r) => (r.join_code !== null ? [r.owner_id] : [])));
  // A class's files are its owner's: one lookup per owner (joined classes bring their teachers').
  const filesByOwner = new Map<number, Awaited<ReturnType<typeof filesOf>>>();
  for (const ownerId of new Set(rows.map((r) => r.owner_id))) {
    const syllabi = rows.flatMap((r) => (r.owner_id === ownerId && r.syllabus_id ? [r.syllabus_id] : []));
    filesByOwner.set(ownerId, await filesOf(scope.db, ownerId, syllabi));
  }
  return rows.map((row) => {
    const file = row.syllabus_id ? filesByOwner.get(row.owner_id)?.get(row.syllabus_id) : undefined;
    const role = roleOf(scope, row);
    return {
      id: row.id,
      name: row.name,
      syllabus: file ? { file_id: file.file_id, filename: file.filename } : null,
      material_count: counts.get(row.id) ?? 0,
      created_at: row.created_at,
      role,
      join_code: role === "teacher" ? row.join_code : null,
      teacher: row.join_code !== null ? (teachers.get(row.owner_id)?.username ?? null) : null,
      member_count: members.get(row.id) ?? 0,
    };
  });
}

export async function listClasses(scope: Scope): Promise<ClassOut[]> {
  const rows: ClassRow[] = await scope.db("classes").modify(listedFor(scope.user)).orderBy(newestFirst);
  return present(scope, rows.map((r) => ({ ...r, relation: r.owner_id === scope.user.id ? "owner" : "member" })));
}

async function assertRoomForClass(scope: Scope): Promise<void> {
  const row = await scope.db("classes").where({ owner_id: scope.user.id }).count({ n: "*" }).first();
  if (Number(row?.n ?? 0) >= MAX_CLASSES) throw conflict(TOO_MANY_CLASSES);
}

/**
 * Adds a class. A syllabus goes through the same upload, scan and limits as /upload and becomes one
 * of the student's files; the scan runs before the class is written, and the limit on classes is
 * checked before the scan (so a refused class costs no scan) and again where the row is written.
 */
export async function createClass(scope: Scope, input: ClassInput, syllabus?: ReceivedFile, opts: { signal?: AbortSignal } = {}): Promise<ClassOut> {
  try {
    await assertRoomForClass(scope);
  } catch (err) {
    if (syllabus) await rm(syllabus.path, { force: true });
    throw err;
  }
  const upload = syllabus ? await uploadFile(scope, syllabus, opts) : undefined;
  const file = upload?.file;
  let id: number;
  try {
    id = await withTransaction(scope, async (tx) => {
      await lockKey(tx.db, `classes:${tx.user.id}`);
      await assertRoomForClass(tx);
      const now = tx.clock.now().toISOString();
      const [row] = await tx.db("classes").insert({ owner_id: tx.user.id, name: input.name, syllabus_id: file?.file_id ?? null, created_at: now, updated_at: now }).returning("id");
      const classId = (typeof row === "object" ? row.id : row) as number;
      // A teacher's class gets the code its students join with; a student's own organiser has none.
      if (teaches(tx.user)) await setJoinCode(tx.db, classId, now);
      return classId;
    });
  } catch (err) {
    // No class, so no syllabus either: a file this request added goes again (one the student had stays).
    if (upload?.created) await deleteFile(scope, upload.file.file_id).catch(() => undefined);
    throw err;
  }
  return getClassSummary(scope, id);
}

async function getClassSummary(scope: Scope, id: number): Promise<ClassOut> {
  const [out] = await present(scope, [await findClass(scope, id)]);
  return out!;
}

export async function getClass(scope: Scope, id: number): Promise<ClassDetailOut> {
  const row = await findClass(scope, id);
  const [summary] = await present(scope, [row]);
  const attached: { study_material_id: number; attached_at: string }[] = await scope
    .db("class_materials")
    .where({ class_id: row.id })
    .orderBy([{ column: "attached_at", order: "asc" }, { column: "study_material_id", order: "asc" }]);
  const files = await filesOf(scope.db, row.owner_id, attached.map((a) => a.study_material_id));
  const materials = attached.flatMap((a) => {
    const file = files.get(a.study_material_id);
    return file ? [{ ...file, attached_at: a.attached_at }] : [];
  });
  const sources = [...(row.syllabus_id ? [row.syllabus_id] : []), ...materials.map((m) => m.file_id)];
  // A member sees the practice tests they made from the class's materials; the others, the owner's.
  const testsOf = row.relation === "member" ? scope.user.id : row.owner_id;
  const tests = await testsFromMaterials(scope.db, testsOf, sources);
  const scores = await latestScores(scope.db, testsOf, tests.map((t) => t.test_id));
  return { ...summary!, materials, tests: tests.map((t) => ({ ...t, latest: scores.get(t.test_id) ?? null })) };
}

/** Removes a class. Its syllabus and materials stay in the student's files, and tests keep their questions. */
export async function deleteClass(scope: Scope, id: number): Promise<void> {
  const row = await findClass(scope, id, "change");
  await scope.db("classes").where({ id: row.id }).delete();
}

/**
 * Attaches one of the class owner's study materials. Answers whether it was newly attached; a file
 * already attached (or the class's syllabus) is left as it is.
 */
export async function attachMaterial(scope: Scope, id: number, fileId: number): Promise<{ created: boolean; class: ClassDetailOut }> {
  const created = await withTransaction(scope, async (tx) => {
    const row = await findClass(tx, id, "change");
    const file = await findMaterial(tx, fileId);
    // Only the owner's own files belong in their class (an administrator cannot slip one in).
    if (file.user_id !== row.owner_id) throw new AppError(404, "File not found.");
    if (row.syllabus_id === file.id) return false;
    const existing = await tx.db("class_materials").where({ class_id: row.id, study_material_id: file.id }).first("class_id");
    if (existing) return false;
    const count = await tx.db("class_materials").where({ class_id: row.id }).count({ n: "*" }).first();
    if (Number(count?.n ?? 0) >= MAX_CLASS_MATERIALS) throw conflict(TOO_MANY_MATERIALS);
    const now = tx.clock.now().toISOString();
    await tx.db("class_materials").insert({ class_id: row.id, study_material_id: file.id, attached_at: now });
    await tx.db("classes").where({ id: row.id }).update({ updated_at: now });
    return true;
  });
  return { created, class: await getClass(scope, id) };
}

/** Detaches a study material from a class; the file itself stays. */
export async function detachMaterial(scope: Scope, id: number, fileId: number): Promise<void> {
  const row = await findClass(scope, id, "change");
  const removed = await scope.db("class_materials").where({ class_id: row.id, study_material_id: fileId }).delete();
  if (!removed) throw new AppError(404, "That study material is not in this class.");
}
