/**
 * `/dashboard`: the greeting, then cards in a responsive grid. Each card is its
 * own component in pages/dashboard/; add a card by adding it to the grid below.
 * The data comes from one call; its failure is not shown (spec §8), only logged.
 */
import { useEffect, useState, type CSSProperties } from "react";
import { listAnnouncements } from "../api/admin.ts";
import { getDashboard, type DashboardData } from "../api/dashboard.ts";
import { Alert } from "../components/Alert.tsx";
import { Page } from "../components/Page.tsx";
import { useSession } from "../hooks/session.tsx";
import { useLoad } from "../hooks/useLoad.ts";
import { useNavigationState } from "../hooks/usePageId.ts";
import { AnnouncementsBanner } from "./dashboard/AnnouncementsBanner.tsx";
import { AssignmentsCard } from "./dashboard/AssignmentsCard.tsx";
import { FlashcardsCard } from "./dashboard/FlashcardsCard.tsx";
import { GoalsCard } from "./dashboard/GoalsCard.tsx";
import { greetingFor } from "./dashboard/greeting.ts";
import { NotificationsCard } from "./dashboard/NotificationsCard.tsx";
import { QuickActionsCard } from "./dashboard/QuickActionsCard.tsx";
import { RecentTestsCard } from "./dashboard/RecentTestsCard.tsx";
import { ScoresCard } from "./dashboard/ScoresCard.tsx";
import { StatisticsCard } from "./dashboard/StatisticsCard.tsx";

/** What the cards show when the dashboard could not be loaded: their empty states. */
const NOTHING: DashboardData = {
  recent_tests: [],
  goals: [],
  statistics: { average_score: null, best_score: null, worst_score: null },
  notifications: [],
  background_image: null,
  unread_notifications: 0,
  cards_due_today: 0,
  recent_scores: [],
  assignments: [],
  assignments_to_do: 0,
};

/** A CSS url() for a picture address, with the characters that could end it escaped. */
function cssUrl(address: string): string {
  return `url("${address.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;
}

/** A message another page sent along (e.g. /take-test without a test); shown once, not again on reload. */
function useFlash(): string | undefined {
  const sent = useNavigationState<string>("flash");
  const [flash] = useState(sent);
  useEffect(() => {
    if (sent) window.history.replaceState(null, "", window.location.href);
  }, [sent]);
  return typeof flash === "string" ? flash : undefined;
}

export function DashboardPage() {
  const { user } = useSession();
  const greeting = greetingFor(new Date());
  const flash = useFlash();
  const dashboard = useLoad("dashboard", (signal) => getDashboard({ signal }));
  // The administrators' notices; without them (or when they cannot be loaded) there is simply no banner.
  const announcements = useLoad("announcements", (signal) => listAnnouncements({ signal }));

  useEffect(() => {
    if (dashboard.failed) console.error("Failed to load the dashboard:", dashboard.error);
  }, [dashboard.failed, dashboard.error]);

  // After a failure the cards show their empty states rather than spin forever.
  const data = dashboard.data ?? (dashboard.failed ? NOTHING : undefined);
  const background = data?.background_image;
  return (
    <Page
      title={user?.username ? `${greeting}, ${user.username}` : greeting}
      documentTitle="Dashboard"
      description="What would you like to study today?"
      notice={flash && <Alert kind="info">{flash}</Alert>}
      headerClassName={background ? "page-header--banner" : undefined}
      headerStyle={background ? ({ "--header-image": cssUrl(background) } as CSSProperties) : undefined}
    >
      <AnnouncementsBanner announcements={announcements.data} />
      <div className="dashboard grid-cards">
        <AssignmentsCard data={data} />
        <RecentTestsCard tests={data?.recent_tests} />
        <StatisticsCard statistics={data?.statistics} />
        <QuickActionsCard />
        <GoalsCard goals={data?.goals} />
        <NotificationsCard notifications={data?.notifications} unread={data?.unread_notifications ?? 0} />
        <FlashcardsCard due={data?.cards_due_today} />
        <ScoresCard scores={data?.recent_scores} />
      </div>
    </Page>
  );
}
