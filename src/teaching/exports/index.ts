/**
 * The one service function routes call: load the test through generation's policy (the owner's, or any for
 * an admin; anything else 404), sort its questions once (model.ts) and have the format's renderer make the
 * file on a worker thread (render-pool.ts), or take it from the cache of recent files.
 */
import type { Scope } from "../../core/context.ts";
import { concurrencyLimit } from "../../core/concurrency.ts";
import { AppError } from "../../core/errors.ts";
import { whileHoldingLease, type HoldOptions } from "../../core/leader.ts";
import { loadTestQuestions } from "../../generation/service.ts";
import { pageUnitOf } from "../../materials/queries.ts";
import { cachedFile, rememberFile, testDigest } from "./cache.ts";
import { downloadNames } from "./filename.ts";
import { toExportTest, type ExportFile } from "./model.ts";
import { MAX_WORKERS, renderOffThread } from "./render-pool.ts";
import type { ExportQuery } from "./schema.ts";

export { RENDERERS } from "./renderers.ts";

/**
 * Tests hold at most 50 generated questions; teachers may add some by hand. Beyond this a file is refused
 * rather than made slowly, since no quiz tool or printed test is served by it.
 */
export const MAX_EXPORT_QUESTIONS = 200;

/**
 * Renders run on worker threads, one per slot (a 50-question PDF takes 0.1–1 s of computing): two at a
 * time, and a short line behind them, so a burst of downloads gets a quick 503 rather than a long wait.
 */
const renderSlot = concurrencyLimit(MAX_WORKERS, 20, () => new AppError(503, "Many exports are being made right now. Try again in a moment.", { headers: { "Retry-After": "5" } }));

/**
 * One export being made per user, so one person cannot take both slots and the line: a lease row
 * (core/leader.ts), so that holds on every instance.
 */
const ONE_EXPORT_PER_USER: HoldOptions = {
  ttlMs: 60_000,
  waitMs: 0,
  busy: () => new AppError(429, "One of your exports is still being made. Wait for it to finish, then download the next file.", { headers: { "Retry-After": "2" } }),
};

export interface ExportDownload extends ExportFile {
  /** The file name as the title has it (filename*), and its ASCII stand-in (filename). */
  name: string;
  fallback: string;
}

export async function exportTest(scope: Scope, id: number, query: ExportQuery): Promise<ExportDownload> {
  // The owner or an admin; a class member only when an assignment allows downloads and its answers may be
  // shown to them now (else 403 with the reason): an export holds the answers.
  const { row, questions } = await loadTestQuestions(scope, id, "export");
  if (questions.length === 0) throw new AppError(422, "This test has no questions to export.");
  if (questions.length > MAX_EXPORT_QUESTIONS) throw new AppError(422, `Exports hold at most ${MAX_EXPORT_QUESTIONS} questions; this test has ${questions.length}.`);
  const test = toExportTest(row, questions, await pageUnitOf(scope.db, row.study_material_id));
  const options = { key: query.key ?? false, paper: query.paper ?? "a4" } as const;
  // The digest covers everything the file is made from, so an edited test is a different file.
  const digest = testDigest(query.format, options, test);
  const file = cachedFile(digest) ?? (await renderOnce(scope, () => renderOffThread(query.format, test, options)));
  rememberFile(digest, file);
  return { ...file, ...downloadNames(test.title, file.suffix, file.extension) };
}

function renderOnce(scope: Scope, render: () => Promise<ExportFile>): Promise<ExportFile> {
  return whileHoldingLease(scope, `export:${scope.user.id}`, ONE_EXPORT_PER_USER, () => renderSlot(render));
}
