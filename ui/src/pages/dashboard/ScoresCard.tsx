/**
 * The last scores as a small line chart (recharts), with the same figures in a table: the chart is
 * hidden from screen readers, the table is what they read.
 */
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { DashboardData } from "../../api/dashboard.ts";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Table } from "../../components/Table.tsx";
import { formatDateTime, formatPercent } from "../../format.ts";
import { DashboardCard } from "./DashboardCard.tsx";

const tick = { fill: "var(--color-text-muted)", fontSize: 12 };

export function ScoresCard({ scores }: { scores: DashboardData["recent_scores"] | undefined }) {
  const data = scores?.map((point, i) => ({ attempt: i + 1, score: point.score, name: point.test_name }));
  return (
    <DashboardCard
      title="Recent Scores"
      loading={!scores}
      empty={scores?.length === 0 && <EmptyState compact icon="chart" title="Take a test to see your scores over time." />}
    >
      <div aria-hidden="true" className="dashboard__chart">
        <LineChart responsive width="100%" height={160} data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="attempt" stroke="var(--color-border-strong)" tick={tick} tickLine={false} allowDecimals={false} />
          <YAxis domain={[0, 100]} ticks={[0, 50, 100]} unit="%" width={44} stroke="var(--color-border-strong)" tick={tick} tickLine={false} />
          <Tooltip
            labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.name ?? "")}
            formatter={(value) => [formatPercent(Number(value)), "Score"]}
            contentStyle={{ background: "var(--color-surface)", border: "1px solid var(--color-border)", borderRadius: 8, color: "var(--color-text)" }}
          />
          <Line type="monotone" dataKey="score" stroke="var(--color-primary)" strokeWidth={2} dot={{ r: 4, fill: "var(--color-primary)" }} isAnimationActive={false} />
        </LineChart>
      </div>
      <details className="disclosure">
        <summary>Scores as a table</summary>
        <Table
          caption="Your last scores, oldest first"
          rows={scores ?? []}
          rowKey={(row) => row.result_id}
          columns={[
            { key: "test", header: "Test", primary: true, render: (row) => row.test_name },
            { key: "when", header: "Taken", render: (row) => formatDateTime(row.submitted_at) },
            { key: "score", header: "Score", align: "end", render: (row) => formatPercent(row.score) },
          ]}
        />
      </details>
    </DashboardCard>
  );
}
