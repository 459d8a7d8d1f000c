/**
 * The format registry and the one service function routes call: load the test through generation's policy
 * (the owner's, or any for an admin; anything else 404), sort its questions once (model.ts) and hand them to
 * the format's renderer.
 */
import type { Scope } from "../../core/context.ts";
import { concurrencyLimit } from "../../core/concurrency.ts";
import { AppError } from "../../core/errors.ts";
import { loadTestQuestions } from "../../generation/service.ts";
import { renderAiken } from "./aiken.ts";
import { renderAnkiCsv } from "./anki-csv.ts";
import { downloadNames } from "./filename.ts";
import { renderGift } from "./gift.ts";
import { toExportTest, type ExportFile, type Renderer } from "./model.ts";
import { renderMoodleXml } from "./moodle-xml.ts";
import { renderPdf } from "./pdf.ts";
import { renderQti } from "./qti.ts";
import type { ExportFormat, ExportQuery } from "./schema.ts";

export const RENDERERS: Record<ExportFormat, Renderer> = {
  "moodle-xml": renderMoodleXml,
  gift: renderGift,
  aiken: renderAiken,
  qti: renderQti,
  "anki-csv": renderAnkiCsv,
  pdf: renderPdf,
};

/**
 * Tests hold at most 50 generated questions; teachers may add some by hand. Beyond this a file is refused
 * rather than made slowly, since no quiz tool or printed test is served by it.
 */
export const MAX_EXPORT_QUESTIONS = 200;

/**
 * Renders run on the server's one thread (a PDF of 50 questions takes tens of milliseconds): two at a time,
 * and a short line behind them, so a burst of downloads cannot stall every other request.
 */
const renderSlot = concurrencyLimit(2, 20, () => new AppError(503, "Many exports are being made right now. Try again in a moment.", { headers: { "Retry-After": "5" } }));

export interface ExportDownload extends ExportFile {
  /** The file name as the title has it (filename*), and its ASCII stand-in (filename). */
  name: string;
  fallback: string;
}

export async function exportTest(scope: Scope, id: number, query: ExportQuery): Promise<ExportDownload> {
  // "own": the owner or an admin. A class member who may take an assigned test gets 403 here: an export holds the answers.
  const { row, questions } = await loadTestQuestions(scope, id, "own");
  if (questions.length === 0) throw new AppError(422, "This test has no questions to export.");
  if (questions.length > MAX_EXPORT_QUESTIONS) throw new AppError(422, `Exports hold at most ${MAX_EXPORT_QUESTIONS} questions; this test has ${questions.length}.`);
  const test = toExportTest(row, questions);
  const file = await renderSlot(async () => RENDERERS[query.format](test, { key: query.key ?? false, paper: query.paper ?? "a4" }));
  return { ...file, ...downloadNames(test.title, file.suffix, file.extension) };
}
