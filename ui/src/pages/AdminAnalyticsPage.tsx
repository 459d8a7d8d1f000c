/**
 * `/admin-analytics` and `/admin/analytics`: the spec's three figures (active users, tests taken,
 * files uploaded), then, for the last 7, 30 or 90 days, charts of daily activity, scores, test
 * generation by provider and the most requested topics, each with its numbers as a table; and the
 * storage and job queue right now. Loaded lazily (routes.tsx): the chart library is the UI's largest part.
 */
import { useState } from "react";
import { getAnalytics, type Analytics, type AnalyticsDays } from "../api/admin.ts";
import { errorMessage } from "../api/client.ts";
import { Card } from "../components/Card.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import type { Column } from "../components/Table.tsx";
import { formatPercent, plural } from "../format.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { AdminFrame } from "./admin/AdminFrame.tsx";
import { ChartCard } from "./admin/analytics/ChartCard.tsx";
import { CategoryBarChart, DailyChart, shortDate, type Series } from "./admin/analytics/charts.tsx";
import { DetailList } from "./admin/cells.tsx";
import { formatBytes, formatWhen, ROLE_LABELS, ROLES } from "./admin/format.ts";

export const ANALYTICS_FAILED = "Failed to load analytics. Please try again.";
const PERIODS: AnalyticsDays[] = [7, 30, 90];

type Day = Analytics["series"][number];
type DayKey = Exclude<keyof Day, "date">;
type ProviderRow = Analytics["generation"][number];

const PEOPLE: Series<DayKey>[] = [
  { key: "active_users", name: "Active users", color: "var(--chart-1)" },
  { key: "signups", name: "Sign-ups", color: "var(--chart-2)", dash: "6 4" },
];
const WORK: Series<DayKey>[] = [
  { key: "tests_generated", name: "Tests generated", color: "var(--chart-1)" },
  { key: "tests_taken", name: "Tests taken", color: "var(--chart-3)", dash: "6 4" },
  { key: "uploads", name: "Uploads", color: "var(--chart-2)", dash: "2 3" },
];

const PROVIDERS: Record<string, string> = { builtin: "Built-in", openai: "OpenAI", ollama: "Ollama" };
const providerLabel = (provider: string) => PROVIDERS[provider] ?? provider;

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
const count = (n: number) => n.toLocaleString();

/** "Topics longer than this…" on the chart's axis (the table has them whole). */
const shorten = (text: string, max = 18) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function dailyColumns(series: Series<DayKey>[]): Column<Day>[] {
  return [
    { key: "date", header: "Day", primary: true, render: (d) => shortDate(d.date) },
    ...series.map((s): Column<Day> => ({ key: s.key, header: s.name, align: "end", render: (d) => count(d[s.key]) })),
  ];
}

function Headline({ data }: { data: Analytics }) {
  const figures = [
    { label: `Active users (last ${data.active_days} days)`, value: data.activeUsers, key: "activeUsers" },
    { label: "Tests taken (all time)", value: data.testsTaken, key: "testsTaken" },
    { label: "Files uploaded (all time)", value: data.filesUploaded, key: "filesUploaded" },
  ];
  return (
    <Card title="At a glance" className="analytics-headline">
      <dl className="stats analytics-headline__figures">
        {figures.map((f) => (
          <div key={f.key} className="stats__item" data-figure={f.key}>
            <dt className="stats__label">{f.label}</dt>
            <dd className="stats__value">{count(f.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="analytics-headline__note">
        <strong>Active</strong> means signed in or used StudyForge in the last {data.active_days} days. People:{" "}
        {ROLES.map((r) => `${count(data.users[r])} ${ROLE_LABELS[r].toLowerCase()}${data.users[r] === 1 ? "" : "s"}`).join(", ")}.
      </p>
    </Card>
  );
}

function PeriodSwitch({ days, onChange, busy }: { days: AnalyticsDays; onChange: (days: AnalyticsDays) => void; busy: boolean }) {
  return (
    <div className="period-row">
      <fieldset className="segmented">
        <legend className="segmented__legend">Charts for the last</legend>
        <div className="segmented__options">
          {PERIODS.map((p) => (
            <label key={p} className="segmented__option">
              <input type="radio" name="period" value={p} checked={days === p} onChange={() => onChange(p)} />
              <span>{p} days</span>
            </label>
          ))}
        </div>
      </fieldset>
      {busy && <Spinner size="sm" label="Updating…" />}
    </div>
  );
}

function busiest(series: Day[], key: DayKey): Day | undefined {
  return series.reduce<Day | undefined>((best, d) => (d[key] > (best?.[key] ?? 0) ? d : best), undefined);
}

function Charts({ data }: { data: Analytics }) {
  const { days, series } = data;
  const period = `the last ${days} days`;
  const totals = Object.fromEntries([...PEOPLE, ...WORK].map((s) => [s.key, sum(series.map((d) => d[s.key]))])) as Record<DayKey, number>;
  const peak = busiest(series, "active_users");
  const results = sum(data.score_distribution.map((b) => b.count));
  const succeeded = sum(data.generation.map((g) => g.succeeded));
  const attempted = succeeded + sum(data.generation.map((g) => g.failed));
  const topTopic = data.top_topics[0];

  return (
    <div className="analytics-grid">
      <ChartCard
        className="analytics-grid__wide"
        title="People per day"
        summary={`In ${period}: ${plural(totals.signups, "sign-up")}; ${
          peak ? `the busiest day was ${shortDate(peak.date)}, with ${plural(peak.active_users, "active user")}.` : "nobody signed in or used StudyForge."
        }`}
        chart={<DailyChart data={series} series={PEOPLE} />}
        columns={dailyColumns(PEOPLE)}
        rows={series}
        rowKey={(d) => d.date}
      />
      <ChartCard
        className="analytics-grid__wide"
        title="Tests and uploads per day"
        summary={`In ${period}: ${plural(totals.tests_generated, "test")} generated, ${plural(totals.tests_taken, "test")} taken, ${plural(totals.uploads, "upload")}.`}
        chart={<DailyChart data={series} series={WORK} />}
        columns={dailyColumns(WORK)}
        rows={series}
        rowKey={(d) => d.date}
      />
      <ChartCard
        title="Scores"
        empty={results === 0 && `No tests were taken in ${period}.`}
        summary={`Average score ${formatPercent(data.average_score)} over ${plural(results, "result")} in ${period}. The bars count results by score (percent).`}
        chart={
          <CategoryBarChart
            data={data.score_distribution}
            category="range"
            formatCategory={(range) => range.replace("%", "")}
            bars={[{ key: "count", name: "Results", color: "var(--chart-1)" }]}
          />
        }
        columns={[
          { key: "range", header: "Score", primary: true, render: (b) => b.range },
          { key: "count", header: "Results", align: "end", render: (b) => count(b.count) },
        ]}
        rows={data.score_distribution}
        rowKey={(b) => b.range}
      />
      <ChartCard<ProviderRow>
        title="Test generation by provider"
        empty={attempted === 0 && `No tests were generated in ${period}.`}
        summary={`${count(succeeded)} of ${plural(attempted, "generation")} succeeded in ${period}.`}
        chart={
          <CategoryBarChart
            data={data.generation}
            category="provider"
            formatCategory={providerLabel}
            bars={[
              { key: "succeeded", name: "Succeeded", color: "var(--chart-success)", stack: "jobs" },
              { key: "failed", name: "Failed", color: "var(--chart-danger)", stack: "jobs" },
            ]}
          />
        }
        columns={[
          { key: "provider", header: "Provider", primary: true, render: (g) => providerLabel(g.provider) },
          { key: "succeeded", header: "Succeeded", align: "end", render: (g) => count(g.succeeded) },
          { key: "failed", header: "Failed", align: "end", render: (g) => count(g.failed) },
          { key: "median", header: "Median time", align: "end", render: (g) => (g.median_seconds === null ? "—" : `${g.median_seconds} s`) },
        ]}
        rows={data.generation}
        rowKey={(g) => g.provider}
      />
      <ChartCard
        title="Most requested topics"
        empty={!topTopic && `No tests were generated in ${period}.`}
        summary={topTopic ? `The most requested topic in ${period} was “${topTopic.topic}” (${plural(topTopic.count, "test")}).` : ""}
        chart={
          <CategoryBarChart
            data={data.top_topics}
            category="topic"
            horizontal
            formatCategory={(t) => shorten(t)}
            bars={[{ key: "count", name: "Tests", color: "var(--chart-3)" }]}
          />
        }
        columns={[
          { key: "topic", header: "Topic", primary: true, render: (t) => t.topic },
          { key: "count", header: "Tests", align: "end", render: (t) => count(t.count) },
        ]}
        rows={data.top_topics}
        rowKey={(t) => t.topic}
      />
      <NowCard data={data} />
    </div>
  );
}

/** Storage and the job queue at this moment (not per period). */
function NowCard({ data }: { data: Analytics }) {
  const { storage, queue } = data;
  return (
    <Card title="Storage and queue now">
      <DetailList
        className="analytics-now"
        items={[
          ["Uploaded files", count(storage.files)],
          ["Stored PDFs", `${count(storage.documents)}, ${formatBytes(storage.bytes)}`],
          ["Jobs waiting", count(queue.queued)],
          ["Jobs running", count(queue.running)],
          ["Waiting since", formatWhen(queue.oldest_queued_at, "Nothing is waiting")],
        ]}
      />
      <p className="muted small analytics-now__note">A PDF that several people upload is stored once.</p>
    </Card>
  );
}

export function AdminAnalyticsPage() {
  const [days, setDays] = useState<AnalyticsDays>(30);
  const analytics = useLoad(days, (signal) => getAnalytics(days, { signal, fallback: ANALYTICS_FAILED }));
  const data = analytics.data;
  return (
    <AdminFrame title="Admin Analytics" description="How StudyForge is used at your school.">
      {analytics.failed ? (
        <RetryAlert onRetry={analytics.reload}>{errorMessage(analytics.error, ANALYTICS_FAILED)}</RetryAlert>
      ) : !data ? (
        <Spinner label="Loading analytics…" />
      ) : (
        <>
          <Headline data={data} />
          <PeriodSwitch days={days} onChange={setDays} busy={analytics.loading} />
          <Charts data={data} />
        </>
      )}
    </AdminFrame>
  );
}
