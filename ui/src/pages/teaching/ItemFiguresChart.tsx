/**
 * Facility (0 to 1) and discrimination (−1 to 1) of every question side by side, in the analytics
 * pages' colours and axes; the legend names the two. The numbers are in the table beside the chart
 * (ChartCard), and the chart itself is hidden from screen readers.
 */
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { axis, legendStyle, tooltipStyle } from "../admin/analytics/charts.tsx";

export interface FigureRow {
  label: string;
  facility: number | null;
  discrimination: number | null;
}

const format = (value: unknown) => (typeof value === "number" ? value.toFixed(2) : "—");

export function ItemFiguresChart({ rows }: { rows: FigureRow[] }) {
  return (
    <BarChart responsive width="100%" height={260} data={rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval="preserveStartEnd" {...axis} />
      <YAxis domain={[-1, 1]} ticks={[-1, -0.5, 0, 0.5, 1]} width={40} {...axis} />
      <ReferenceLine y={0} stroke="var(--color-border-strong)" />
      <Tooltip formatter={format} cursor={{ fill: "var(--color-surface-2)" }} {...tooltipStyle} />
      <Legend {...legendStyle} />
      <Bar dataKey="facility" name="Facility" fill="var(--chart-1)" maxBarSize={28} isAnimationActive={false} />
      <Bar dataKey="discrimination" name="Discrimination (r)" fill="var(--chart-2)" maxBarSize={28} isAnimationActive={false} />
    </BarChart>
  );
}
