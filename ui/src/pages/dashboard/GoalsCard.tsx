import type { Goal } from "../../api/types.ts";
import { EmptyState } from "../../components/EmptyState.tsx";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

export function GoalsCard({ goals }: { goals: Goal[] | undefined }) {
  return (
    <DashboardCard
      title="Your Goals"
      loading={!goals}
      empty={goals?.length === 0 && <EmptyState compact icon="target" title="No goals yet." />}
    >
      <ul className="plain-list stack">
        {goals?.map((goal) => (
          <li key={goal.id}>
            <ProgressBar label={goal.title} value={goal.progress} tone={goal.progress >= 100 ? "success" : "primary"} />
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
