import { Link } from "wouter";
import type { RecentTest } from "../../api/types.ts";
import { NoTestsYet } from "../../components/NoTestsYet.tsx";
import { RecentTestList } from "../../components/RecentTestList.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

export function RecentTestsCard({ tests }: { tests: RecentTest[] | undefined }) {
  return (
    <DashboardCard
      title="Recent Tests"
      loading={!tests}
      actions={tests?.length ? <Link href="/test-results">All results</Link> : undefined}
      empty={tests?.length === 0 && <NoTestsYet compact>Tests you generate show up here with their scores.</NoTestsYet>}
    >
      {tests && <RecentTestList tests={tests} />}
    </DashboardCard>
  );
}
