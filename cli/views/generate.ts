import { Box, Text } from "ink";
import { createElement as h } from "react";
import type { BatchJob } from "../../src/admin/batch.ts";
import { bar } from "./format.ts";
import { Table } from "./table.ts";

const COLORS: Record<BatchJob["state"], string> = {
  uploading: "gray",
  waiting: "gray",
  queued: "yellow",
  running: "cyan",
  done: "green",
  failed: "red",
  cancelled: "magenta",
};
const WIDTH = 20;

/** What went wrong, in one line. */
export function errorText(job: BatchJob): string {
  if (!job.error) return "";
  const detail = typeof job.error.detail === "string" ? job.error.detail : JSON.stringify(job.error.detail);
  return job.error.suggestions?.length ? `${detail} Try: ${job.error.suggestions.join(", ")}.` : detail;
}

const progressBar = (job: BatchJob) => {
  const { done, total } = job.progress;
  const filled = job.state === "done" ? "█".repeat(WIDTH) : bar(done, total, WIDTH);
  return `[${filled.padEnd(WIDTH)}] ${String(done).padStart(2)}/${total}`;
};

/** The live display: a row per job with its bar and state. */
export function GenerateView({ jobs, note }: { jobs: BatchJob[]; note?: string }) {
  const width = Math.max(8, ...jobs.map((j) => `${j.filename} · ${j.topic}`.length));
  const over = jobs.filter((j) => ["done", "failed", "cancelled"].includes(j.state)).length;
  return h(
    Box,
    { flexDirection: "column" },
    h(Text, { bold: true }, `Generating ${jobs.length} test(s): ${over} finished`),
    ...jobs.map((j, i) =>
      h(
        Text,
        { key: i, wrap: "truncate-end" },
        `${`${j.filename} · ${j.topic}`.padEnd(width)}  ${progressBar(j)}  `,
        h(Text, { color: COLORS[j.state] }, j.state),
        j.job_id ? h(Text, { color: "gray" }, `  job ${j.job_id}`) : null,
      ),
    ),
    note ? h(Text, { color: "gray" }, note) : null,
  );
}

/** The summary: a row per job with its test or error. */
export function SummaryView({ jobs }: { jobs: BatchJob[] }) {
  return h(Table, {
    columns: [{ header: "File" }, { header: "Topic" }, { header: "Job", align: "right" }, { header: "State" }, { header: "Test", align: "right" }, { header: "Error" }],
    rows: jobs.map((j) => [j.filename, j.topic, j.job_id ?? "—", { text: j.state, color: COLORS[j.state] }, j.test_id ?? "—", errorText(j)]),
  });
}
