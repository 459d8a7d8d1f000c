/**
 * Scores (0–100 %) as a small line chart (recharts) in the design's colours. Decoration for screen
 * readers (aria-hidden): always pair it with a table or text that gives the same figures.
 */
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatPercent } from "../format.ts";

export interface ScorePoint {
  /** The x-axis tick (an attempt's number). */
  x: number | string;
  score: number;
  /** The tooltip's heading (default: "Attempt {x}"). */
  label?: string;
}

const tick = { fill: "var(--color-text-muted)", fontSize: 12 };
const tooltipBox = { background: "var(--color-surface)", border: "1px solid var(--color-border)", borderRadius: 8, color: "var(--color-text)" };

export function ScoreLineChart({ data, height = 170, className }: { data: ScorePoint[]; height?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={className}>
      <LineChart responsive width="100%" height={height} data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="x" stroke="var(--color-border-strong)" tick={tick} tickLine={false} allowDecimals={false} />
        <YAxis domain={[0, 100]} ticks={[0, 50, 100]} unit="%" width={44} stroke="var(--color-border-strong)" tick={tick} tickLine={false} />
        <Tooltip
          labelFormatter={(x, payload) => String(payload?.[0]?.payload?.label ?? `Attempt ${x}`)}
          formatter={(value) => [formatPercent(Number(value)), "Score"]}
          contentStyle={tooltipBox}
        />
        <Line type="monotone" dataKey="score" stroke="var(--color-primary)" strokeWidth={2} dot={{ r: 4, fill: "var(--color-primary)" }} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
