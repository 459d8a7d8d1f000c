import { Link } from "wouter";
import type { DashboardData } from "../../api/dashboard.ts";
import { ButtonLink } from "../../components/Button.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

export function GoalsCard({ goals }: { goals: DashboardData["goals"] | undefined }) {
  return (
    <DashboardCard
      title="Your Goals"
      loading={!goals}
      actions={goals?.length ? <Link href="/goals">Manage goals</Link> : undefined}
      empty={
        goals?.length === 0 && (
          <EmptyState compact icon="target" title="No goals yet." action={<ButtonLink href="/goals" size="sm">Set a goal</ButtonLink>}>
            Pick a number of tests, an average to reach or cards to review; the bar fills as you study.
          </EmptyState>
        )
      }
    >
      <ul className="plain-list stack">
        {goals?.map((goal) => (
          <li key={goal.id}>
            <ProgressBar
              label={goal.reached ? `${goal.title} (reached)` : goal.title}
              value={goal.progress}
              tone={goal.progress >= 100 ? "success" : "primary"}
            />
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
