/**
 * "Edit questions" on the test preview, for the test's owner: each question with Edit (a dialog), Move
 * up and Move down (buttons, so the keyboard does what a mouse does), Regenerate this question and
 * Delete (confirmed), and "Add a question". Each change is sent with the version the page last read; the
 * server answers with the test as it now is, which replaces the list.
 */
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/client.ts";
import {
  addQuestion,
  deleteQuestion,
  editQuestion,
  getEditableTest,
  regenerateQuestion,
  reorderQuestions,
  type EditableTest,
  type QuestionFields,
} from "../../api/test-editing.ts";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { useToast } from "../../hooks/toast.tsx";
import { Alert } from "../Alert.tsx";
import { Button } from "../Button.tsx";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { QuestionReview } from "../QuestionReview.tsx";
import { RetryAlert } from "../RetryAlert.tsx";
import { Spinner } from "../Spinner.tsx";
import { QuestionDialog } from "./QuestionDialog.tsx";
import "./question-editor.css";

export const EDITOR_LOAD_FAILED = "The questions could not be loaded for editing. Please try again.";
const ACTION_FAILED = "The change could not be saved. Please try again.";

export interface QuestionEditorProps {
  testId: number;
  /** Leaves edit mode (the page then shows the test as it now is). */
  onDone: () => void;
}

/** The dialog open: a question's number (0-based), or "new". */
type Dialog = number | "new" | null;

const moveId = (direction: "up" | "down", index: number) => `question-editor-${direction}-${index}`;

export function QuestionEditor({ testId, onDone }: QuestionEditorProps) {
  const loaded = useLoad(testId, (signal) => getEditableTest(testId, { signal }));
  const toast = useToast();
  const action = useAction();
  const [working, setWorking] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // A moved question's buttons are rendered again at its new place: keep the keyboard on them.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget, loaded.data]);

  if (loaded.failed && !loaded.data) return <RetryAlert onRetry={loaded.reload}>{errorMessage(loaded.error, EDITOR_LOAD_FAILED)}</RetryAlert>;
  const test = loaded.data;
  if (!test) return <Spinner label="Loading the questions…" />;

  const questions = test.test_metadata.questions;
  const total = questions.length;

  /** Sends one change; its answer replaces the list. A 409 (changed elsewhere, or taken) reloads it. */
  async function change(send: (current: EditableTest) => Promise<EditableTest>, done: string): Promise<EditableTest> {
    try {
      const next = await send(test!);
      loaded.setData(next);
      toast.show(done, { kind: "success" });
      return next;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) loaded.reload();
      throw err;
    }
  }

  async function run(key: string, send: (current: EditableTest) => Promise<EditableTest>, done: string) {
    setWorking(key);
    const next = await action.run(() => change(send, done), (err) => errorMessage(err, ACTION_FAILED));
    setWorking(null);
    return next;
  }

  async function move(index: number, by: -1 | 1) {
    const to = index + by;
    const order = questions.map((_, i) => i);
    [order[index], order[to]] = [order[to]!, order[index]!];
    const next = await run(`move-${index}`, (t) => reorderQuestions(testId, order, t.version), `Question ${index + 1} is now question ${to + 1}.`);
    if (!next) return;
    const last = next.test_metadata.questions.length - 1;
    // The same button where it still can move, else its neighbour.
    const direction = by < 0 ? (to > 0 ? "up" : "down") : to < last ? "down" : "up";
    setFocusTarget(moveId(direction, to));
  }

  async function confirmDelete() {
    if (deleting === null) return;
    const index = deleting;
    const next = await run(`delete-${index}`, (t) => deleteQuestion(testId, index, t.version), `Question ${index + 1} was deleted.`);
    if (next) setDeleting(null);
  }

  const save = (fields: QuestionFields) =>
    dialog === "new"
      ? change((t) => addQuestion(testId, t.version, fields), `Question ${total + 1} was added.`)
      : change((t) => editQuestion(testId, dialog!, t.version, fields), `Question ${dialog! + 1} was saved.`);

  const busy = working !== null;
  const canRegenerate = test.study_material_id !== null;

  return (
    <section className="stack question-editor" aria-labelledby="question-editor-title">
      <div className="row row--spread">
        <h2 id="question-editor-title" className="question-editor__title">
          Edit questions
        </h2>
        <div className="button-row">
          {!test.locked && (
            <Button onClick={() => setDialog("new")} disabled={busy || total >= 50}>
              Add a question
            </Button>
          )}
          {/* Start Test stays the page's one primary action. */}
          <Button onClick={onDone} disabled={busy}>
            Done editing
          </Button>
        </div>
      </div>
      {test.locked && (
        <Alert kind="info">{test.locked_reason}</Alert>
      )}
      {action.error && deleting === null && <Alert kind="error">{action.error}</Alert>}
      <ol className="question-list" aria-label="Questions to edit">
        {questions.map((question, index) => (
          <li key={question.question} className="question-editor__item">
            <QuestionReview number={index + 1} total={total} question={question} headingAs="h3" />
            <div className="button-row question-editor__tools" role="group" aria-label={`Question ${index + 1}`}>
              <Button size="sm" onClick={() => setDialog(index)} disabled={busy}>
                Edit<span className="visually-hidden"> question {index + 1}</span>
              </Button>
              {!test.locked && (
                <>
                  <Button size="sm" id={moveId("up", index)} onClick={() => void move(index, -1)} disabled={busy || index === 0}>
                    Move up<span className="visually-hidden"> question {index + 1}</span>
                  </Button>
                  <Button size="sm" id={moveId("down", index)} onClick={() => void move(index, 1)} disabled={busy || index === total - 1}>
                    Move down<span className="visually-hidden"> question {index + 1}</span>
                  </Button>
                  {canRegenerate && (
                    <Button
                      size="sm"
                      onClick={() => void run(`regenerate-${index}`, (t) => regenerateQuestion(testId, index, t.version), `Question ${index + 1} was written again.`)}
                      busy={working === `regenerate-${index}`}
                      busyLabel="Writing…"
                      disabled={busy}
                    >
                      Regenerate this question<span className="visually-hidden"> ({index + 1})</span>
                    </Button>
                  )}
                  <Button size="sm" variant="danger" onClick={() => setDeleting(index)} disabled={busy || total === 1}>
                    Delete<span className="visually-hidden"> question {index + 1}</span>
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      <QuestionDialog
        open={dialog !== null}
        number={typeof dialog === "number" ? dialog + 1 : undefined}
        initial={typeof dialog === "number" ? questions[dialog] : undefined}
        wordingOnly={test.locked}
        onSave={save}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete question ${(deleting ?? 0) + 1}?`}
        confirmLabel="Delete question"
        variant="danger"
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          action.setError(null);
          setDeleting(null);
        }}
        busy={working?.startsWith("delete-") ?? false}
        busyLabel="Deleting…"
        error={deleting !== null ? action.error : null}
      >
        <p>“{deleting !== null ? questions[deleting]?.question : ""}” will be removed from this test. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
