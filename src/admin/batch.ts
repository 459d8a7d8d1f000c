/**
 * Batch generation for a user (`studyforge generate`): their PDFs uploaded if needed, then one
 * generation job per file × topic through the same durable queue and the same service as the page.
 *
 * A student may have only MAX_ACTIVE_JOBS generations waiting or running at once, and a batch keeps
 * that rule rather than bypassing it: jobs are queued as the limit allows and more as they finish.
 * The queue stays fair (forty jobs from one batch do not push every other student's test back) and
 * the rule has no exception to get wrong; the cost is that a batch runs three jobs at a time.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { AppContext, Scope } from "../core/context.ts";
import { AppError, conflict } from "../core/errors.ts";
import { getJob, type JobState, type JobView } from "../core/jobs.ts";
import type { GenerateInput } from "../generation/schema.ts";
import { startGeneration } from "../generation/service.ts";
import { importPdf } from "../materials/import.ts";
import { getFile } from "../materials/service.ts";
import { getUser } from "./service.ts";

/** Where a batch's files come from: the user's existing file, or a PDF on this machine to upload. */
export type BatchSource = { file_id: number } | { pdf: string };

export type BatchState = JobState | "uploading" | "waiting";

export interface BatchJob {
  file_id: number | null;
  filename: string;
  topic: string;
  job_id: number | null;
  /** uploading: its PDF is being scanned; waiting: not queued yet (the per-student limit). */
  state: BatchState;
  progress: { done: number; total: number };
  test_id?: number;
  error?: JobView["error"];
}

const FINAL: BatchState[] = ["done", "failed", "cancelled"];
export const isOver = (job: BatchJob) => FINAL.includes(job.state);

/** The user's scope, to act on their behalf; a disabled account is refused. */
export async function actAs(app: AppContext, ref: string | number): Promise<Scope> {
  const user = await getUser(app, ref);
  if (user.disabled) throw conflict(`${user.email} is disabled: enable the account first (studyforge users enable ${user.email}).`);
  return { ...app, user: { id: user.id, username: user.username, email: user.email, role: user.role, is_admin: user.role === "admin", is_verified: user.is_verified } };
}

const errorOf = (err: AppError): NonNullable<JobView["error"]> => {
  const suggestions = err.extra.suggestions as string[] | undefined;
  return { status: err.status, detail: err.detail, ...(suggestions ? { suggestions } : {}) };
};

function apply(job: BatchJob, view: JobView) {
  job.job_id = view.job_id;
  job.state = view.state;
  job.progress = view.progress;
  if (view.test_id) job.test_id = view.test_id;
  if (view.error) job.error = view.error;
}

export interface BatchOptions {
  /** Ends the watching (Ctrl-C); jobs already queued carry on in the queue. */
  signal: AbortSignal;
  /** Called whenever a job changes, with every job. */
  onChange(jobs: BatchJob[]): void;
  pollMs?: number;
}

/**
 * Runs the batch and returns every job as it ended (or stood, when `signal` stopped the watching).
 * Jobs are watched in the jobs table, so it works whichever process runs the queue.
 */
export async function runBatch(
  scope: Scope,
  sources: BatchSource[],
  topics: string[],
  params: Omit<GenerateInput, "file_id" | "topic" | "prompt" | "async">,
  opts: BatchOptions,
): Promise<BatchJob[]> {
  const { signal, onChange } = opts;
  const total = params.count ?? 0;
  const rows = sources.map((source) => {
    const filename = "pdf" in source ? source.pdf : `file ${source.file_id}`;
    const jobs = topics.map((topic): BatchJob => ({ file_id: null, filename, topic, job_id: null, state: "uploading", progress: { done: 0, total } }));
    return { source, jobs };
  });
  const jobs = rows.flatMap((r) => r.jobs);
  onChange(jobs);

  for (const { source, jobs: ofFile } of rows) {
    if (signal.aborted) break;
    try {
      const file = "pdf" in source ? (await importPdf(scope, source.pdf)).file : await getFile(scope, source.file_id);
      for (const job of ofFile) Object.assign(job, { file_id: file.file_id, filename: file.filename, state: "waiting" });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const job of ofFile) Object.assign(job, { state: "failed", error: errorOf(err) });
    }
    onChange(jobs);
  }

  while (!signal.aborted) {
    // Queue what the per-student limit allows, in order; a refusal other than the limit fails that job.
    for (const job of jobs.filter((j) => j.state === "waiting")) {
      try {
        apply(job, await startGeneration(scope, { ...params, file_id: job.file_id!, topic: job.topic }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.status === 429) break;
        Object.assign(job, { state: "failed", error: errorOf(err) });
      }
    }
    for (const job of jobs) if (job.job_id !== null && !isOver(job)) apply(job, await getJob(scope, job.job_id));
    onChange(jobs);
    if (jobs.every(isOver)) break;
    await sleep(opts.pollMs ?? 300, undefined, { signal }).catch(() => undefined);
  }
  return jobs;
}
