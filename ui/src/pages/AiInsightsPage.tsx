/** `/ai-insights`: every test generated for this student, newest first, with its questions to unfold. */
import { listInsights } from "../api/insights.ts";
import type { Insight } from "../api/types.ts";
import { ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { NoTestsYet } from "../components/NoTestsYet.tsx";
import { Page } from "../components/Page.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { TestMeta } from "../components/TestMeta.tsx";
import { plural } from "../format.ts";
import { useLoad } from "../hooks/useLoad.ts";

export const LOAD_FAILED = "Failed to load AI insights. Please try again.";

function InsightCard({ insight }: { insight: Insight }) {
  const count = insight.questions.length;
  return (
    <Card
      as="article"
      title={insight.name || insight.topic}
      titleAs="h2"
      className="insight"
      actions={
        <div className="row-actions">
          <ButtonLink href={`/generated-test?id=${insight.test_id}`} size="sm" variant="ghost">
            Preview<span className="visually-hidden"> {insight.name}</span>
          </ButtonLink>
          <ButtonLink href={`/take-test?id=${insight.test_id}`} size="sm">
            Take<span className="visually-hidden"> {insight.name}</span>
          </ButtonLink>
        </div>
      }
    >
      <TestMeta
        topic={insight.topic}
        difficulty={insight.difficulty}
        questions={count}
        provider={insight.provider}
        model={insight.model}
        createdAt={insight.created_at}
      />
      {count > 0 && (
        <details className="disclosure">
          <summary>Show the {plural(count, "question")}</summary>
          <ol className="insight__questions">
            {insight.questions.map((question, index) => (
              <li key={index}>{question.question}</li>
            ))}
          </ol>
        </details>
      )}
    </Card>
  );
}

export function AiInsightsPage() {
  const insights = useLoad("insights", (signal) => listInsights({ signal }));
  return (
    <Page title="AI Test Insights" description="Every test the AI has written for you, newest first." narrow>
      {insights.failed ? (
        <RetryAlert onRetry={insights.reload}>{LOAD_FAILED}</RetryAlert>
      ) : !insights.data ? (
        <Spinner label="Loading insights…" />
      ) : insights.data.length === 0 ? (
        <Card>
          <NoTestsYet title="No tests generated yet." primary>
            Each test you generate is listed here with its topic, difficulty and questions.
          </NoTestsYet>
        </Card>
      ) : (
        <div className="stack">
          {insights.data.map((insight) => (
            <InsightCard key={insight.test_id} insight={insight} />
          ))}
        </div>
      )}
    </Page>
  );
}
