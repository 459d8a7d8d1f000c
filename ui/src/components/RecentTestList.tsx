import type { RecentTest } from "../api/types.ts";

/** Recent tests with their scores (profile, dashboard). */
export function RecentTestList({ tests }: { tests: RecentTest[] }) {
  return (
    <ul className="score-list">
      {tests.map((test) => (
        <li key={test.id} className="score-list__item">
          <span className="score-list__name">{test.name || "Untitled test"}</span>
          <span className="score-list__score">{formatPercent(test.score)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "85%", or "—" for no score; at most one decimal. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value * 10) / 10}%`;
}
