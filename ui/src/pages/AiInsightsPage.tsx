/** `/ai-insights`: per topic practised, accuracy over time, the questions most often missed, what to do next. */
import { listInsights } from "../api/insights.ts";
import { Card } from "../components/Card.tsx";
import { NoTestsYet } from "../components/NoTestsYet.tsx";
import { Page } from "../components/Page.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useLoad } from "../hooks/useLoad.ts";
import { TopicInsightCard } from "./insights/TopicInsightCard.tsx";

export const LOAD_FAILED = "Failed to load AI insights. Please try again.";

export function AiInsightsPage() {
  const insights = useLoad("insights", (signal) => listInsights({ signal }));
  return (
    <Page title="AI Test Insights" description="How you are doing on each topic you practise, and what to study next." narrow>
      {insights.failed ? (
        <RetryAlert onRetry={insights.reload}>{LOAD_FAILED}</RetryAlert>
      ) : !insights.data ? (
        <Spinner label="Loading insights…" />
      ) : insights.data.length === 0 ? (
        <Card>
          <NoTestsYet title="No practice to look at yet." primary>
            Generate a test and take it. Your accuracy on each topic, the questions you miss, the pages to review and what to
            study next will appear here.
          </NoTestsYet>
        </Card>
      ) : (
        <div className="stack">
          {insights.data.map((insight) => (
            <TopicInsightCard key={insight.topic} insight={insight} />
          ))}
        </div>
      )}
    </Page>
  );
}
