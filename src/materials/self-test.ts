/**
 * Do the PDF scanners start and read a PDF? (`studyforge doctor`.) Scans a one-page PDF made here with
 * the same pool and settings uploads use, then stops the pool.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Config } from "../core/config.ts";
import type { AppContext } from "../core/context.ts";
import { closeShared } from "../core/shared.ts";
import { scanPool } from "./pool.ts";

export const SELF_TEST_TEXT = "StudyForge scanner check";

/** A minimal one-page PDF saying SELF_TEST_TEXT, with a correct cross-reference table. */
export function selfTestPdf(): Buffer {
  const content = `BT /F1 12 Tf 20 50 Td (${SELF_TEST_TEXT}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** Starts the configured scan workers and reads the test PDF; throws what went wrong. Returns the workers' number and the time taken. */
export async function checkScanner(config: Config): Promise<{ workers: number; ms: number }> {
  // The pool needs only the configuration and a place to keep itself; it is closed here.
  const host = { config, resources: new Map() } as unknown as AppContext;
  const dir = await mkdtemp(path.join(os.tmpdir(), "studyforge-doctor-"));
  const file = path.join(dir, `${randomBytes(4).toString("hex")}.pdf`);
  const started = Date.now();
  try {
    await writeFile(file, selfTestPdf());
    const result = await scanPool(host).scan(file);
    const text = result.pages.map((p) => p.text).join(" ");
    if (!text.includes(SELF_TEST_TEXT)) throw new Error(`the scanner read "${text.slice(0, 60)}" instead of the test text`);
    return { workers: config.scanWorkers, ms: Date.now() - started };
  } finally {
    await closeShared(host);
    await rm(dir, { recursive: true, force: true });
  }
}
