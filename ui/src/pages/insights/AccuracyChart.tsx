/** A topic's score per attempt: the shared score chart, with the same figures in a table for screen readers. */
import type { AccuracyPoint } from "../../api/types.ts";
import { ScoreLineChart } from "../../components/ScoreLineChart.tsx";
import { Table } from "../../components/Table.tsx";
import { formatDateTime, formatPercent } from "../../format.ts";

export function AccuracyChart({ topic, history }: { topic: string; history: AccuracyPoint[] }) {
  const rows = history.map((point, i) => ({ ...point, attempt: i + 1 }));
  return (
    <div className="insight__chart">
      <ScoreLineChart className="insight__plot" data={rows.map((row) => ({ x: row.attempt, score: row.score }))} />
      <details className="disclosure">
        <summary>Scores as a table</summary>
        <Table
          caption={`Your scores on ${topic}, oldest first`}
          rows={rows}
          rowKey={(row) => row.result_id}
          columns={[
            { key: "attempt", header: "Attempt", primary: true, render: (row) => `Attempt ${row.attempt}` },
            { key: "when", header: "Taken", render: (row) => formatDateTime(row.submitted_at) },
            { key: "difficulty", header: "Difficulty", render: (row) => row.difficulty },
            { key: "score", header: "Score", align: "end", render: (row) => `${formatPercent(row.score)} (${row.correct}/${row.total})` },
          ]}
        />
      </details>
    </div>
  );
}
