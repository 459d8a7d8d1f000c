/**
 * A chart with its words: a title, one sentence that says what it shows, the chart itself (hidden
 * from screen readers), and the same numbers as a table under "Show the numbers" for everyone.
 */
import type { ReactNode } from "react";
import { Card } from "../../../components/Card.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { Table, type Column } from "../../../components/Table.tsx";

export interface ChartCardProps<Row> {
  title: string;
  /** The chart's message in one sentence (read by everyone, the summary for screen readers). */
  summary: ReactNode;
  chart: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Shown instead of the chart and table when there is nothing to draw. */
  empty?: string | false;
  className?: string;
}

export function ChartCard<Row>({ title, summary, chart, columns, rows, rowKey, empty, className }: ChartCardProps<Row>) {
  return (
    <Card title={title} titleAs="h2" className={className ? `chart-card ${className}` : "chart-card"}>
      {empty ? (
        <EmptyState compact icon="chart" title={empty} />
      ) : (
        <>
          <p className="chart-card__summary">{summary}</p>
          <div className="chart-card__chart" aria-hidden="true">
            {chart}
          </div>
          <details className="disclosure">
            <summary>
              Show the numbers<span className="visually-hidden"> of {title.toLowerCase()}</span>
            </summary>
            <Table caption={title} columns={columns} rows={rows} rowKey={rowKey} />
          </details>
        </>
      )}
    </Card>
  );
}
