import { mkdirSync, writeFileSync, existsSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runMaintenance } from "../../src/admin/maintenance.ts";
import { maintenanceTasks } from "../../src/server.ts";
import { newStudent } from "../helpers/accounts.ts";
import { textPdf } from "../helpers/pdfs.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const aged = (file: string, hours: number) => {
  const t = new Date(Date.now() - hours * 3600_000);
  utimesSync(file, t, t);
};

it("removes expired tokens, abandoned uploads and orphaned PDFs, and nothing in use", async () => {
  const { c } = await newStudent(server.url);
  const up = await c.upload("/api/files/upload/scan/", await textPdf(["Kept: a guide about rivers and deltas."]), "rivers.pdf");
  const hash = (await server.app.db("study_materials").where({ id: up.body.file_id }).first()).hash;
  const kept = path.join(server.dataDir, "uploads", hash.slice(0, 2), `${hash}.pdf`);
  aged(kept, 5);

  const orphan = path.join(server.dataDir, "uploads", "ab", `${"ab".repeat(32)}.pdf`);
  mkdirSync(path.dirname(orphan), { recursive: true });
  writeFileSync(orphan, "%PDF-1.4 orphan");
  aged(orphan, 2);
  const freshOrphan = path.join(server.dataDir, "uploads", "cd", `${"cd".repeat(32)}.pdf`);
  mkdirSync(path.dirname(freshOrphan), { recursive: true });
  writeFileSync(freshOrphan, "%PDF-1.4 still being stored");
  const abandoned = path.join(server.dataDir, "tmp", "upload-abandoned");
  writeFileSync(abandoned, "half an upload");
  aged(abandoned, 3);

  // A document left without any record (its account was deleted while it was being stored).
  const lone = "ef".repeat(32);
  const lonePath = path.join(server.dataDir, "uploads", "ef", `${lone}.pdf`);
  mkdirSync(path.dirname(lonePath), { recursive: true });
  writeFileSync(lonePath, "%PDF-1.4 nobody's");
  await server.app.db("documents").insert({ hash: lone, size_bytes: 17, page_count: 1, created_at: new Date(Date.now() - 2 * 3600_000).toISOString() });
  await server.app.db("document_pages").insert({ hash: lone, page: 1, text: "nobody's" });

  const tokensBefore = Number((await server.app.db("user_tokens").count({ n: "*" }).first())!.n);
  expect(tokensBefore).toBeGreaterThan(0); // the sign-up's verification token
  await server.app.db("user_tokens").update({ expires_at: new Date(Date.now() - 1000).toISOString() });
  const summary = await runMaintenance(server.app, maintenanceTasks);
  expect(summary).toEqual({ expired_tokens: tokensBefore, expired_sessions: 0, old_notifications: 0, expired_rate_limits: 0, old_idempotency_keys: 0, lapsed_upload_slots: 0, temp_files: 1, unused_documents: 1, orphaned_pdfs: 1 });
  expect(existsSync(lonePath)).toBe(false);
  expect(await server.app.db("document_pages").where({ hash: lone }).first()).toBeUndefined();
  expect(existsSync(kept)).toBe(true);
  expect(existsSync(orphan)).toBe(false);
  expect(existsSync(freshOrphan)).toBe(true);
  expect(existsSync(abandoned)).toBe(false);
  expect((await c.get(`/api/files/${up.body.file_id}/download`)).status).toBe(200);
});

it("removes rate-limit counters once their window has passed, and keeps those still counting", async () => {
  await newStudent(server.url); // a sign-up counts against its network address for 10 minutes
  const counting = () => server.app.db("rate_limits").where("key", "like", "register:%").count({ n: "*" }).first().then((r) => Number(r!.n));
  expect(await counting()).toBeGreaterThan(0);
  expect((await runMaintenance(server.app, maintenanceTasks)).expired_rate_limits).toBe(0);
  server.clock.advance(11 * 60_000);
  try {
    expect((await runMaintenance(server.app, maintenanceTasks)).expired_rate_limits).toBeGreaterThan(0);
    expect(await counting()).toBe(0);
  } finally {
    server.clock.advance(-11 * 60_000);
  }
});

it("removes the upload slots of an instance that died mid-upload once their lease has lapsed", async () => {
  const { id } = await newStudent(server.url);
  const now = server.app.clock.now().getTime();
  await server.app.db("upload_slots").insert([
    { user_id: id, holder: "dead-instance", expires_at: now - 1000 },
    { user_id: id, holder: "live-instance", expires_at: now + 60_000 },
  ]);
  expect((await runMaintenance(server.app, maintenanceTasks)).lapsed_upload_slots).toBe(1);
  expect(await server.app.db("upload_slots").where({ user_id: id }).pluck("holder")).toEqual(["live-instance"]);
  await server.app.db("upload_slots").where({ user_id: id }).delete();
});
