import { Box, Text } from "ink";
import { createElement as h } from "react";
import type { Analytics } from "../../src/admin/analytics.ts";
import { bar, bytes } from "./format.ts";
import { Heading, Table } from "./table.ts";

const SERIES = [
  ["active_users", "active"],
  ["signups", "sign-ups"],
  ["tests_generated", "generated"],
  ["tests_taken", "taken"],
  ["uploads", "uploads"],
] as const;
const BAR = 8;

/** The analytics page in a terminal: the headline figures, then a row per day with a bar per series. */
export function StatsView({ stats }: { stats: Analytics }) {
  const max = Object.fromEntries(SERIES.map(([key]) => [key, Math.max(0, ...stats.series.map((d) => d[key]))]));
  const cell = (value: number, key: string) => `${bar(value, max[key]!, BAR).padEnd(BAR + 1)}${String(value).padStart(3)}`;
  const perDay = h(Table, {
    columns: [{ header: "Day" }, ...SERIES.map(([, label]) => ({ header: label }))],
    rows: stats.series.map((d) => [d.date, ...SERIES.map(([key]) => ({ text: cell(d[key], key), color: d[key] ? "green" : "gray" }))]),
  });
  const scoreMax = Math.max(0, ...stats.score_distribution.map((s) => s.count));
  const topicMax = Math.max(0, ...stats.top_topics.map((t) => t.count));
  const { users, storage, queue } = stats;
  return h(
    Box,
    { flexDirection: "column" },
    h(Text, { bold: true, color: "cyan" }, `StudyForge usage, last ${stats.days} days`),
    h(Text, null, `Active users (last ${stats.active_days} days): `, h(Text, { bold: true }, String(stats.activeUsers)), "   Tests taken: ", h(Text, { bold: true }, String(stats.testsTaken)), "   Files uploaded: ", h(Text, { bold: true }, String(stats.filesUploaded))),
    h(Text, null, `Users: ${users.student} students, ${users.teacher} teachers, ${users.admin} administrators`),
    h(Text, null, `Storage: ${storage.documents} PDFs, ${bytes(storage.bytes)} (${storage.files} files)   Queue now: ${queue.queued} waiting, ${queue.running} running`),
    h(Heading, null, "Per day"),
    perDay,
    h(Heading, null, `Scores${stats.average_score === null ? " (no results yet)" : ` (average ${stats.average_score}%)`}`),
    h(Table, {
      columns: [{ header: "Score" }, { header: "Results" }],
      rows: stats.score_distribution.map((s) => [s.range, `${bar(s.count, scoreMax, 20).padEnd(21)}${s.count}`]),
    }),
    h(Heading, null, "Generation by provider"),
    stats.generation.length
      ? h(Table, {
          columns: [{ header: "Provider" }, { header: "Succeeded", align: "right" }, { header: "Failed", align: "right" }, { header: "Median time", align: "right" }],
          rows: stats.generation.map((g) => [g.provider, g.succeeded, { text: String(g.failed), color: g.failed ? "red" : undefined }, g.median_seconds === null ? "—" : `${g.median_seconds} s`]),
        })
      : h(Text, { color: "gray" }, "No tests generated in this period."),
    h(Heading, null, "Most requested topics"),
    stats.top_topics.length
      ? h(Table, { columns: [{ header: "Topic" }, { header: "Tests" }], rows: stats.top_topics.map((t) => [t.topic, `${bar(t.count, topicMax, 20).padEnd(21)}${t.count}`]) })
      : h(Text, { color: "gray" }, "No topics yet."),
  );
}
