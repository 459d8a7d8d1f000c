import type { ReactNode } from "react";
import { Card } from "../../components/Card.tsx";
import { Spinner } from "../../components/Spinner.tsx";

export interface DashboardCardProps {
  title: string;
  actions?: ReactNode;
  /** True until the dashboard's data has arrived. */
  loading: boolean;
  /** The card's empty state, when it has nothing to show (otherwise false or null). */
  empty?: ReactNode;
  children?: ReactNode;
}

/** A dashboard card: a spinner while loading, its empty state, or its content. */
export function DashboardCard({ title, actions, loading, empty, children }: DashboardCardProps) {
  return (
    <Card title={title} actions={loading ? undefined : actions}>
      {loading ? <Spinner label="Loading…" /> : empty || children}
    </Card>
  );
}
