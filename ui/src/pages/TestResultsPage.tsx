/**
 * `/test-results`: the score large at the top, then every question with the
 * student's answer, the correct one, the server's verdict, the explanation and
 * the source pages; beside it, past results to open and Retake.
 *
 * Which result: the one in navigation state (just submitted), else `?result=`
 * (or `?id=`), else the newest of `?test=`, else the newest of all.
 */
import { Link, useSearchParams } from "wouter";
import { getResult, listResults } from "../api/results.ts";
import type { ResultSummary, TestResult } from "../api/types.ts";
import { AddMissedToStudySet } from "../components/AddMissedToStudySet.tsx";
import { Alert } from "../components/Alert.tsx";
import { ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { NoTestsYet } from "../components/NoTestsYet.tsx";
import { Page } from "../components/Page.tsx";
import { QuestionReview } from "../components/QuestionReview.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { PageSpinner } from "../components/Spinner.tsx";
import { formatDateTime, formatPercent } from "../format.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { parseId, useNavigationState } from "../hooks/usePageId.ts";

export const NO_RESULTS = "No test results found. Please take a test first.";
export const LOAD_FAILED = "Failed to load your results. Please try again.";

function ScoreCard({ result }: { result: TestResult }) {
  const wrong = result.total - result.correct;
  return (
    <section className="card score-card" aria-label="Score">
      <p className="score-card__percent">{formatPercent(result.score)}</p>
      <div className="score-card__details">
        <p className="score-card__fraction">
          {result.correct} / {result.total} correct
        </p>
        <p className="muted">
          {wrong === 0 ? "Every answer was right." : `${wrong} to review below.`} Submitted{" "}
          {formatDateTime(result.submitted_at)}.
        </p>
      </div>
    </section>
  );
}

function Review({ result }: { result: TestResult }) {
  const questions = result.test_metadata.questions;
  return (
    <section className="stack" aria-labelledby="review-title">
      <h2 id="review-title" className="section-heading">
        Review
      </h2>
      <ol className="question-list">
        {questions.map((question, index) => {
          const item = result.review?.find((entry) => entry.index === index);
          return (
            <li key={index}>
              <QuestionReview
                number={index + 1}
                total={questions.length}
                question={question}
                headingAs="h3"
                unit={result.page_unit}
                outcome={item && { chosen: item.chosen, answer: item.answer, correct: item.correct }}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function PastResults({ results, current }: { results: ResultSummary[]; current: number }) {
  return (
    <Card title="Past results" titleAs="h2">
      <ul className="score-list">
        {results.map((result) => (
          <li key={result.result_id} className="score-list__item">
            <span className="score-list__name">
              <Link
                href={`/test-results?result=${result.result_id}`}
                aria-current={result.result_id === current ? "page" : undefined}
              >
                {result.test_name || "Untitled test"}
              </Link>
              <span className="score-list__date">{formatDateTime(result.submitted_at)}</span>
            </span>
            <span className="score-list__score">{formatPercent(result.score)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function TestResultsPage() {
  const [params] = useSearchParams();
  const submitted = useNavigationState<TestResult>("result");
  const asked = parseId(params.get("result") ?? params.get("id"));
  const forTest = parseId(params.get("test"));
  const list = useLoad("results", (signal) => listResults({ signal }));

  const fromState = submitted && (asked.kind !== "ok" || asked.id === submitted.result_id) ? submitted : undefined;
  let wanted: number | null = null;
  if (!fromState) {
    if (asked.kind === "ok") wanted = asked.id;
    else if (list.data) {
      const pick = forTest.kind === "ok" ? list.data.find((r) => r.test_id === forTest.id) : list.data[0];
      wanted = pick?.result_id ?? null;
    }
  }
  const detail = useLoad(wanted, (signal) => getResult(wanted!, { signal }));
  const result = fromState ?? (detail.data?.result_id === wanted ? detail.data : undefined);

  if (!result && (detail.failed || (list.failed && wanted === null))) {
    return (
      <Page title="Test Results" narrow>
        <RetryAlert onRetry={detail.failed ? detail.reload : list.reload}>{LOAD_FAILED}</RetryAlert>
      </Page>
    );
  }
  if (!result && list.data && wanted === null) {
    return (
      <Page title="Test Results" narrow>
        <Card>
          <NoTestsYet icon="chart" title={NO_RESULTS} primary>
            Your scores and a question-by-question review appear here after you submit a test.
          </NoTestsYet>
        </Card>
      </Page>
    );
  }
  if (!result) return <PageSpinner label="Loading your results…" />;

  const past = list.data ?? [];
  return (
    <Page
      title="Test Results"
      description={result.test_name}
      actions={
        <ButtonLink href={`/take-test?id=${result.test_id}`} variant="primary">
          Retake
        </ButtonLink>
      }
    >
      <div className="results-layout">
        <div className="stack stack--lg reading">
          <ScoreCard result={result} />
          {result.answers_hidden && <Alert kind="info">{result.answers_hidden}</Alert>}
          {result.correct < result.total && !result.answers_hidden && <AddMissedToStudySet resultId={result.result_id} missed={result.total - result.correct} />}
          <Review result={result} />
        </div>
        {past.length > 0 && (
          <aside className="results-layout__side" aria-label="Past results">
            <PastResults results={past} current={result.result_id} />
          </aside>
        )}
      </div>
    </Page>
  );
}
