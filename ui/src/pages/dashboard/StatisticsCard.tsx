import type { Statistics } from "../../api/types.ts";
import { EmptyState } from "../../components/EmptyState.tsx";
import { formatPercent } from "../../format.ts";
import { DashboardCard } from "./DashboardCard.tsx";

const FIGURES: { key: keyof Statistics; label: string }[] = [
  { key: "average_score", label: "Average" },
  { key: "best_score", label: "Best" },
  { key: "worst_score", label: "Lowest" },
];

export function StatisticsCard({ statistics }: { statistics: Statistics | undefined }) {
  const empty = statistics && FIGURES.every(({ key }) => statistics[key] === null || statistics[key] === undefined);
  return (
    <DashboardCard
      title="Past Test Statistics"
      loading={!statistics}
      empty={empty && <EmptyState compact icon="chart" title="Take a test to see your statistics." />}
    >
      <dl className="stats">
        {FIGURES.map(({ key, label }) => (
          <div key={key} className="stats__item">
            <dt className="stats__label">{label}</dt>
            <dd className="stats__value">{formatPercent(statistics?.[key])}</dd>
          </div>
        ))}
      </dl>
    </DashboardCard>
  );
}
