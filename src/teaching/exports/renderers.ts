/** The format registry: which renderer makes each format's file. Loaded by the render worker, so it imports renderers only. */
import { renderAiken } from "./aiken.ts";
import { renderAnkiCsv } from "./anki-csv.ts";
import { renderGift } from "./gift.ts";
import type { Renderer } from "./model.ts";
import { renderMoodleXml } from "./moodle-xml.ts";
import { renderPdf } from "./pdf.ts";
import { renderQti } from "./qti.ts";
import type { ExportFormat } from "./schema.ts";

export const RENDERERS: Record<ExportFormat, Renderer> = {
  "moodle-xml": renderMoodleXml,
  gift: renderGift,
  aiken: renderAiken,
  qti: renderQti,
  "anki-csv": renderAnkiCsv,
  pdf: renderPdf,
};
