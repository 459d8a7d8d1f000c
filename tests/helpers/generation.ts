import { readFileSync } from "node:fs";
import path from "node:path";
import type { Client } from "./http.ts";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/pdf");
export const R_FAQ = new Uint8Array(readFileSync(path.join(FIXTURES, "r-faq.pdf")));

/** Uploads the R FAQ (52 pages) and returns its file id. */
export async function uploadRFaq(c: Client): Promise<number> {
  const res = await c.upload("/api/files/upload/scan/", R_FAQ, "r-faq.pdf");
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.file_id;
}

export const PYTHON_ERRORS = new Uint8Array(readFileSync(path.join(FIXTURES, "python-errors.pdf")));

/**
 * Uploads the Python tutorial's chapter "Errors and Exceptions" (10 pages) and returns its file id. Its
 * sentences on exceptions give ten questions of each type, and ten more on Regenerate: tests that need a
 * full test use it (the R FAQ's sentences naming packages give three).
 */
export async function uploadPythonErrors(c: Client): Promise<number> {
  const res = await c.upload("/api/files/upload/scan/", PYTHON_ERRORS, "python-errors.pdf");
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.file_id;
}

/** Polls a job until it ends. */
export async function waitForJobEnd(c: Client, jobId: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await c.get(`/api/jobs/${jobId}`);
    if (["done", "failed", "cancelled"].includes(res.body.state)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until a job reaches a state (e.g. running). */
export async function waitForJobState(c: Client, jobId: number, state: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await c.get(`/api/jobs/${jobId}`);
    if (res.body.state === state) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is ${res.body.state}, not ${state}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
