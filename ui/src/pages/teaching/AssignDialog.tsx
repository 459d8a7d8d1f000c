/**
 * "Assign a test": one of the teacher's tests made from this class's study guides, when it opens and is
 * due (the reader's local time, sent in UTC), how many attempts count, and when the answers are shown.
 */
import { useState } from "react";
import type { StudyClassDetail } from "../../api/classes.ts";
import { createAssignment, type ShowAnswers, type TaughtAssignmentOut } from "../../api/teaching.ts";
import { Button } from "../../components/Button.tsx";
import { Choice } from "../../components/Choice.tsx";
import { Select, TextField } from "../../components/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { SubmitForm } from "../../components/SubmitForm.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { SHOW_ANSWERS_LABELS } from "./assignment-text.ts";

const FORM_ID = "assign-test-form";
/**
 * Answers shown after each attempt with attempts left: the next attempt can copy them. Allowed (a
 * practice quiz with feedback is a fair use), but the teacher is told, and pointed at the settings that avoid it.
 */
const COPYABLE_WARNING =
  "Members see the answers after each attempt, so a later attempt can copy them. For a graded test, allow one attempt or show the answers after the due time.";
const OWN_TESTS_NOTE =
  "Members can also generate their own practice tests from this class's study guides. Those never ask the questions of the tests assigned to them, but they practise the same material.";
/** A download holds the answers, so members get it only when the "Show the answers" rule above lets them see those. */
const EXPORT_LABEL = "Members may download this test (Moodle, Anki, PDF…) once they may see the answers";
/** A datetime-local value (the reader's time) as ISO 8601 in UTC; empty stays unset. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

export function AssignDialog({
  open,
  detail,
  assignedTests,
  onClose,
  onAssigned,
}: {
  open: boolean;
  detail: StudyClassDetail;
  assignedTests: Set<number>;
  onClose: () => void;
  onAssigned: (a: TaughtAssignmentOut) => void;
}) {
  const [testId, setTestId] = useState("");
  const [opensAt, setOpensAt] = useState("");
  const [dueAt, setDueAt] = useState("");
  const [attempts, setAttempts] = useState("1");
  const [show, setShow] = useState<ShowAnswers>("submission");
  const [allowExport, setAllowExport] = useState(false);
  const [testError, setTestError] = useState<string | null>(null);
  const assign = useAction();
  const tests = detail.tests.filter((t) => !assignedTests.has(t.test_id));
  const copyable = show === "submission" && Number(attempts) > 1;

  function close() {
    assign.setError(null);
    setTestError(null);
    onClose();
  }

  async function submit() {
    if (!testId) return setTestError("Choose the test to assign.");
    setTestError(null);
    const created = await assign.run(() =>
      createAssignment(detail.id, { test_id: Number(testId), opens_at: toIso(opensAt), due_at: toIso(dueAt), attempts_allowed: Number(attempts), show_answers_after: show, allow_export: allowExport }),
    );
    if (!created) return;
    setTestId("");
    setOpensAt("");
    setDueAt("");
    onAssigned(created);
  }

  return (
    <Modal
      open={open}
      title="Assign a test"
      onClose={close}
      dismissible={!assign.busy}
      footer={
        <>
          <Button onClick={close} disabled={assign.busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" busy={assign.busy} busyLabel="Assigning…" disabled={tests.length === 0}>
            Assign
          </Button>
        </>
      }
    >
      <SubmitForm id={FORM_ID} onSubmit={submit} error={assign.error}>
        {tests.length === 0 ? (
          <p className="muted">Every test made from this class's study guides is assigned already. Generate a new one from the syllabus or a study guide first.</p>
        ) : (
          <Select
            label="Test"
            placeholder="Choose one of your tests…"
            options={tests.map((t) => ({ value: String(t.test_id), label: t.name }))}
            value={testId}
            onChange={(event) => setTestId(event.target.value)}
            error={testError}
            hint="Tests you made from this class's syllabus and study guides. Review and edit a test before you assign it."
          />
        )}
        <TextField label="Opens (optional)" type="datetime-local" value={opensAt} onValueChange={setOpensAt} hint="Members can take it from this time; empty: at once." />
        <TextField label="Due (optional)" type="datetime-local" value={dueAt} onValueChange={setDueAt} hint="Attempts after this time count as late; no attempt by then as missed." />
        <TextField label="Attempts allowed" type="number" min={1} max={20} step={1} value={attempts} onValueChange={setAttempts} hint="From 1 to 20; the best score counts." />
        <Select
          label="Show the answers"
          options={Object.entries(SHOW_ANSWERS_LABELS).map(([value, label]) => ({ value, label }))}
          value={show}
          onChange={(event) => setShow(event.target.value as ShowAnswers)}
          hint={copyable ? COPYABLE_WARNING : undefined}
        />
        <Choice type="checkbox" label={EXPORT_LABEL} checked={allowExport} onChange={(event) => setAllowExport(event.target.checked)} />
        <p className="muted">{OWN_TESTS_NOTE}</p>
      </SubmitForm>
    </Modal>
  );
}
