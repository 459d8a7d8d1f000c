/**
 * `/take-test?id=`: answer every question (one card each, native radios so the
 * keyboard works), with a sticky footer counting answers and Submit. Answers
 * survive a reload; unanswered questions are confirmed before submitting.
 */
import { useEffect, useState } from "react";
import { Redirect, useLocation } from "wouter";
import { ApiError, errorMessage, isAbortError } from "../api/client.ts";
import { getTest, submitTest } from "../api/tests.ts";
import type { PracticeTest } from "../api/types.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, ButtonLink } from "../components/Button.tsx";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { Page } from "../components/Page.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { PageSpinner } from "../components/Spinner.tsx";
import { TestMeta } from "../components/TestMeta.tsx";
import { plural } from "../format.ts";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { usePageId } from "../hooks/usePageId.ts";
import { clearAttempt, loadAttempt, saveAttempt, type Attempt } from "./take-test/attempt.ts";
import { QuestionField } from "./take-test/QuestionField.tsx";

export const MISSING_TEST_ID = "Missing test ID. Please generate a test first.";
export const LOAD_FAILED = "Failed to load test. Please try again.";
export const NO_QUESTIONS = "No questions available for this test.";
export const SUBMIT_FAILED = "Failed to submit test. Please try again.";
/** The test load is retried once after this delay (spec §4, §9). */
export const RETRY_DELAY_MS = 300;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Left the page.", "AbortError"));
    });
  });
}

async function loadForTaking(id: number, signal: AbortSignal): Promise<PracticeTest> {
  try {
    return await getTest(id, "take", { signal });
  } catch (err) {
    if (isAbortError(err)) throw err;
    await pause(RETRY_DELAY_MS, signal);
    return getTest(id, "take", { signal });
  }
}

function unansweredText(count: number): string {
  return `You have ${plural(count, "unanswered question")}. Submit anyway?`;
}

function Attempting({ testId }: { testId: number }) {
  const [, navigate] = useLocation();
  const test = useLoad(testId, (signal) => loadForTaking(testId, signal));
  const [attempt, setAttempt] = useState<Attempt>(() => loadAttempt(testId));
  const [confirming, setConfirming] = useState(false);
  const submit = useAction();

  // Keep the answers (and the attempt's key) through an accidental reload.
  useEffect(() => {
    if (Object.keys(attempt.answers).length > 0) saveAttempt(testId, attempt);
  }, [testId, attempt]);

  if (test.failed) {
    return (
      <Page title="Take Test" narrow>
        <RetryAlert onRetry={test.reload}>{LOAD_FAILED}</RetryAlert>
      </Page>
    );
  }
  if (!test.data) return <PageSpinner label="Loading the test…" />;

  const { name, test_metadata: meta } = test.data;
  const questions = meta.questions;
  const answered = questions.filter((_, index) => attempt.answers[index]?.trim()).length;
  const unanswered = questions.length - answered;

  function answer(index: number, value: string) {
    setAttempt((current) => ({ ...current, answers: { ...current.answers, [index]: value } }));
  }

  async function send() {
    setConfirming(false);
    const answers: Record<string, string> = {};
    questions.forEach((_, index) => {
      const value = attempt.answers[index];
      if (value?.trim()) answers[index] = value;
    });
    saveAttempt(testId, attempt); // a retry after a lost answer must reuse this key
    await submit.run(
      async () => {
        const result = await submitTest({ test_id: testId, version: test.data?.version, answers }, attempt.key);
        clearAttempt(testId);
        navigate(`/test-results?result=${result.result_id}`, { state: { result } });
      },
      // A refusal that says why (the test changed, no attempts left, the answers are out) is shown as said.
      (err) => (err instanceof ApiError && err.status === 409 ? errorMessage(err) : SUBMIT_FAILED),
    );
  }

  function onSubmit() {
    if (submit.busy) return;
    if (unanswered > 0) setConfirming(true);
    else void send();
  }

  return (
    <Page
      title={name || "Take Test"}
      documentTitle="Take Test"
      narrow
      description={<TestMeta topic={meta.topic} difficulty={meta.difficulty} questions={questions.length} />}
    >
      {questions.length === 0 ? (
        <Alert kind="info" actions={<ButtonLink href="/testgenerator" size="sm">Generate a new test</ButtonLink>}>
          {NO_QUESTIONS}
        </Alert>
      ) : (
        <form
          className="take-test reading"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <ol className="question-list">
            {questions.map((question, index) => (
              <li key={index}>
                <QuestionField
                  index={index}
                  total={questions.length}
                  question={question}
                  value={attempt.answers[index] ?? ""}
                  onChange={(value) => answer(index, value)}
                />
              </li>
            ))}
          </ol>
          <div className="take-footer">
            {submit.error && <Alert kind="error">{submit.error}</Alert>}
            <div className="row row--spread take-footer__row">
              <p className="take-footer__count" aria-live="polite">
                <strong>{answered}</strong> of {questions.length} answered
              </p>
              <Button type="submit" variant="primary" size="lg" busy={submit.busy} busyLabel="Submitting…">
                Submit
              </Button>
            </div>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title="Submit this test?"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
        cancelLabel="Keep answering"
        confirmLabel="Submit anyway"
      >
        <p>{unansweredText(unanswered)}</p>
      </ConfirmDialog>
    </Page>
  );
}

export function TakeTestPage() {
  const pageId = usePageId("id", "testId");
  if (pageId.kind !== "ok") return <Redirect to="/dashboard" replace state={{ flash: MISSING_TEST_ID }} />;
  return <Attempting key={pageId.id} testId={pageId.id} />;
}
