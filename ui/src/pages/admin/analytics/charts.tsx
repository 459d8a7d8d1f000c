/**
 * The analytics charts (recharts), drawn in the design's colours: custom properties from admin.css,
 * so they follow the dark scheme too. Series differ by line style as well as colour. Each chart is
 * paired with a table in ChartCard; the charts themselves are decoration for screen readers.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

const HEIGHT = 260;

export const axis = {
  stroke: "var(--color-border-strong)",
  tick: { fill: "var(--color-text-muted)", fontSize: 12 },
  tickLine: false,
} as const;

export const tooltipStyle = {
  contentStyle: {
    background: "var(--color-surface)",
    border: "1px solid var(--color-border)",
    borderRadius: 8,
    color: "var(--color-text)",
    fontSize: 14,
  },
  labelStyle: { color: "var(--color-text)", fontWeight: 600 },
  itemStyle: { color: "var(--color-text)" },
} as const;

/** In the order the series are given (recharts sorts by name unless told not to). */
export const legendStyle = { wrapperStyle: { fontSize: 14, color: "var(--color-text)" }, itemSorter: null } as const;
const grid = <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />;

/** "3 Mar" for the UTC day "2026-03-03". */
export function shortDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(undefined, { day: "numeric", month: "short", timeZone: "UTC" });
}

export interface Series<Key extends string> {
  key: Key;
  name: string;
  /** A custom property of admin.css, e.g. var(--chart-1). */
  color: string;
  /** A dash pattern, so lines differ by more than colour. */
  dash?: string;
}

/** Lines per day (active users and sign-ups; tests and uploads). */
export function DailyChart<Key extends string>({ data, series }: { data: (Record<Key, number> & { date: string })[]; series: Series<Key>[] }) {
  return (
    <LineChart responsive width="100%" height={HEIGHT} data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      {grid}
      <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={24} {...axis} />
      <YAxis allowDecimals={false} width={36} {...axis} />
      <Tooltip labelFormatter={(label) => shortDate(String(label))} cursor={{ stroke: "var(--color-border-strong)" }} {...tooltipStyle} />
      <Legend {...legendStyle} />
      {series.map((s) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.name}
          stroke={s.color}
          strokeWidth={2}
          strokeDasharray={s.dash}
          dot={data.length <= 31 ? { r: 2.5, fill: s.color } : false}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

export interface BarSpec<Key extends string> extends Series<Key> {
  /** Bars with the same stack sit on one another. */
  stack?: string;
}

/** Vertical bars over categories (score ranges, providers), or horizontal ones (`horizontal`, for long names). */
export function CategoryBarChart<Row extends object, Key extends string>({
  data,
  category,
  bars,
  horizontal = false,
  formatCategory,
}: {
  data: Row[];
  category: keyof Row & string;
  bars: BarSpec<Key>[];
  horizontal?: boolean;
  formatCategory?: (value: string) => string;
}) {
  const format = formatCategory ? (value: unknown) => formatCategory(String(value)) : undefined;
  // The props above are typed against the rows; recharts is given them as plain records.
  const rows = data as unknown as Record<string, unknown>[];
  const key: string = category;
  const height = horizontal ? Math.max(HEIGHT - 60, data.length * 32 + 40) : HEIGHT;
  return (
    <BarChart
      responsive
      width="100%"
      height={height}
      data={rows}
      layout={horizontal ? "vertical" : "horizontal"}
      accessibilityLayer={false}
      margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
    >
      {horizontal ? (
        <>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} {...axis} />
          <YAxis type="category" dataKey={key} width={128} tickFormatter={format} interval={0} {...axis} />
        </>
      ) : (
        <>
          {grid}
          <XAxis dataKey={key} tickFormatter={format} interval="preserveStartEnd" {...axis} />
          <YAxis allowDecimals={false} width={36} {...axis} />
        </>
      )}
      <Tooltip labelFormatter={(label) => (format ? format(label) : String(label))} cursor={{ fill: "var(--color-surface-2)" }} {...tooltipStyle} />
      {bars.length > 1 && <Legend {...legendStyle} />}
      {bars.map((b) => (
        <Bar
          key={b.key}
          dataKey={b.key}
          name={b.name}
          fill={b.color}
          stackId={b.stack}
          maxBarSize={48}
          radius={b.stack ? 0 : horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
