/**
 * `/generated-test?id=`: the preview of a test — every question with its
 * options — with Start Test, Regenerate Test (a new test on the same settings,
 * behind the progress overlay) and Cancel. The answers, explanations and source
 * pages stay hidden until the student asks for them ("Show answers", remembered
 * per test), so a preview before taking the test does not give the key away.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import { regenerateTest } from "../api/generation.ts";
import { getTest } from "../api/tests.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, ButtonLink } from "../components/Button.tsx";
import { ExportMenu } from "../components/ExportMenu.tsx";
import { GenerationOverlay } from "../components/GenerationOverlay.tsx";
import { Page } from "../components/Page.tsx";
import { QuestionReview } from "../components/QuestionReview.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { PageSpinner } from "../components/Spinner.tsx";
import { TestMeta } from "../components/TestMeta.tsx";
import { EditQuestionsButton } from "../components/question-editor/EditQuestionsButton.tsx";
import { QuestionEditor } from "../components/question-editor/QuestionEditor.tsx";
import { useGeneration } from "../hooks/useGeneration.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { useNavigationState, usePageId } from "../hooks/usePageId.ts";
import { useStoredFlag } from "../hooks/useStoredFlag.ts";
import { ItemAnalysisLink } from "./teaching/ItemAnalysisLink.tsx";

export const NO_TEST_ID = "No test ID provided.";
export const BAD_TEST_ID = "Missing test ID. Please generate a test again.";
export const LOAD_FAILED = "Failed to load test data. Please try again.";
export const NO_QUESTIONS = "Test is incomplete or contains no questions.";

const TITLE = "Test preview";

/** The material grounded fewer questions than were asked for: the student should know why the test is short. */
export const partialText = (written: number, requested: number) => `Only ${written} of ${requested} questions could be written from this material.`;

/** Said after Regenerate, and only as far as it is true (the server counts questions that came back). */
export function regeneratedText(total: number, repeated: number): string {
  if (repeated === 0) return "Here is a new version of the test, with fresh questions on the same topic.";
  return `Here is a new version of the test: ${total - repeated} of ${total} questions are new (the material holds few others on this topic).`;
}

function Problem({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <Page title={TITLE} narrow>
      <RetryAlert
        onRetry={retry}
        actions={
          <ButtonLink href="/testgenerator" size="sm" variant={retry ? "ghost" : "secondary"}>
            Go to the Test Generator
          </ButtonLink>
        }
      >
        {message}
      </RetryAlert>
    </Page>
  );
}

export function GeneratedTestPage() {
  const [, navigate] = useLocation();
  const pageId = usePageId("id", "testId");
  const regenerated = useNavigationState<boolean>("regenerated");
  const id = pageId.kind === "ok" ? pageId.id : null;
  const test = useLoad(id, (signal) => getTest(id!, undefined, { signal }));
  const [startError, setStartError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [showAnswers, setShowAnswers] = useStoredFlag(`sf:show-answers:${id ?? "none"}`);
  const generation = useGeneration((testId) => {
    setStartError(null);
    navigate(`/generated-test?id=${testId}`, { state: { testId, regenerated: true } });
  });

  if (pageId.kind === "missing") return <Problem message={NO_TEST_ID} />;
  if (pageId.kind === "invalid") return <Problem message={BAD_TEST_ID} />;
  if (test.failed) return <Problem message={LOAD_FAILED} retry={test.reload} />;
  if (!test.data || test.loading) return <PageSpinner label="Loading the test…" />;

  const { name, test_id, test_metadata: meta, page_unit: unit } = test.data;
  const questions = meta.questions;

  function onStart() {
    if (questions.length === 0) {
      setStartError(NO_QUESTIONS);
      return;
    }
    navigate(`/take-test?id=${test_id}`, { state: { testId: test_id } });
  }

  return (
    <Page
      title={name || TITLE}
      documentTitle={TITLE}
      narrow
      description={
        <TestMeta
          topic={meta.topic}
          difficulty={meta.difficulty}
          questions={questions.length}
          provider={test.data.provider}
          model={test.data.model}
          createdAt={test.data.created_at}
        />
      }
      actions={
        <>
          <ButtonLink href="/dashboard" variant="ghost">
            Cancel
          </ButtonLink>
          <ItemAnalysisLink testId={test_id} />
          <EditQuestionsButton testId={test_id} editing={editing} onClick={() => setEditing(true)} />
          {questions.length > 0 && <ExportMenu testId={test_id} />}
          <Button onClick={() => void generation.start((options) => regenerateTest(test_id, options))}>
            Regenerate Test
          </Button>
          <Button variant="primary" onClick={onStart}>
            Start Test
          </Button>
        </>
      }
    >
      <div className="stack stack--lg reading">
        {startError && <Alert kind="error">{startError}</Alert>}
        {generation.error && <Alert kind="error">{generation.error.message}</Alert>}
        {generation.cancelled && <Alert kind="info">Regenerating was cancelled. This is still the test you had.</Alert>}
        {regenerated && test.data.regenerated_from !== null && !generation.error && !generation.cancelled && (
          <Alert kind="success">{regeneratedText(questions.length, test.data.repeated_count ?? 0)}</Alert>
        )}
        {questions.length > 0 && test.data.requested_count > questions.length && (
          <Alert kind="info">{partialText(questions.length, test.data.requested_count)}</Alert>
        )}
        {editing ? (
          <QuestionEditor
            testId={test_id}
            onDone={() => {
              setEditing(false);
              test.reload();
            }}
          />
        ) : questions.length === 0 ? (
          <Alert kind="warning">{NO_QUESTIONS}</Alert>
        ) : (
          <>
            <div className="row row--spread">
              <p className="muted">{showAnswers ? "Answers and explanations are shown." : "Answers are hidden until you ask for them."}</p>
              <Button size="sm" variant="ghost" aria-pressed={showAnswers} onClick={() => setShowAnswers(!showAnswers)}>
                {showAnswers ? "Hide answers" : "Show answers"}
              </Button>
            </div>
            <ol className="question-list" aria-label={showAnswers ? "Questions with answers" : "Questions"}>
              {questions.map((question, index) => (
                <li key={index}>
                  <QuestionReview number={index + 1} total={questions.length} question={question} hideAnswer={!showAnswers} unit={unit} />
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <GenerationOverlay generation={generation} />
    </Page>
  );
}
