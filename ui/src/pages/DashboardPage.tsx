/**
 * `/dashboard`: the greeting, then cards in a responsive grid. Each card is its
 * own component in pages/dashboard/; add a card by adding it to the grid below.
 */
import { Page } from "../components/Page.tsx";
import { useSession } from "../hooks/session.tsx";
import { greetingFor } from "./dashboard/greeting.ts";
import { QuickActionsCard } from "./dashboard/QuickActionsCard.tsx";

export function DashboardPage() {
  const { user } = useSession();
  const greeting = greetingFor(new Date());
  return (
    <Page
      title={user?.username ? `${greeting}, ${user.username}` : greeting}
      documentTitle="Dashboard"
      description="What would you like to study today?"
    >
      <div className="dashboard grid-cards">
        <QuickActionsCard />
      </div>
    </Page>
  );
}
