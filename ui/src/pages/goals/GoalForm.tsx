/** The form that adds a goal or changes one: what it counts, the target, and the kind's own options. */
import { useState } from "react";
import { Link } from "wouter";
import { errorMessage } from "../../api/client.ts";
import { createGoal, GOAL_LIMITS, SAVE_GOAL_FAILED, updateGoal, type GoalInput, type GoalKind, type GoalOut } from "../../api/goals.ts";
import { listStudySets } from "../../api/study-sets.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Choice } from "../../components/Choice.tsx";
import { Select, TextField } from "../../components/Field.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";

const KINDS: { value: GoalKind; label: string }[] = [
  { value: "tests_taken", label: "Take a number of tests" },
  { value: "average_score", label: "Reach an average score" },
  { value: "cards_reviewed", label: "Review flashcards" },
  { value: "set_mastered", label: "Master a study set" },
];

const TARGET: Partial<Record<GoalKind, { label: string; max: number; start: string }>> = {
  tests_taken: { label: "How many tests", max: GOAL_LIMITS.tests, start: "3" },
  average_score: { label: "Average to reach (%)", max: 100, start: "80" },
  cards_reviewed: { label: "How many cards", max: GOAL_LIMITS.cards, start: "50" },
};

interface Draft {
  kind: GoalKind;
  target: string;
  topic: string;
  setId: string;
  week: boolean;
  title: string;
}

const draftOf = (goal: GoalOut | null): Draft =>
  goal
    ? { kind: goal.kind, target: goal.target === null ? "" : String(goal.target), topic: goal.topic ?? "", setId: goal.set_id === null ? "" : String(goal.set_id), week: goal.within_days === 7, title: goal.title }
    : { kind: "tests_taken", target: TARGET.tests_taken!.start, topic: "", setId: "", week: false, title: "" };

/** What the server is sent: digits as numbers, so its messages (not the browser's) say what is wrong. */
function bodyOf(draft: Draft): GoalInput {
  const number = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim() === "" ? null : (text as unknown as number));
  return {
    kind: draft.kind,
    title: draft.title.trim() || null,
    target: draft.kind === "set_mastered" ? null : number(draft.target),
    topic: draft.kind === "average_score" ? draft.topic.trim() || null : null,
    set_id: draft.kind === "set_mastered" ? number(draft.setId) : null,
    within_days: draft.kind !== "set_mastered" && draft.week ? 7 : null,
  };
}

export function GoalForm({ editing, onSaved, onCancel }: { editing: GoalOut | null; onSaved: (goal: GoalOut, created: boolean) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const save = useAction();
  const sets = useLoad(draft.kind === "set_mastered" ? "sets" : null, (signal) => listStudySets({ signal }));
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const target = TARGET[draft.kind];

  async function onSubmit() {
    if (save.busy) return;
    const body = bodyOf(draft);
    // A goal's title that was made for it follows its settings; the server writes a new one.
    if (editing && draft.title === editing.title) delete body.title;
    const saved = await save.run(() => (editing ? updateGoal(editing.id, body) : createGoal(body)), (err) => errorMessage(err, SAVE_GOAL_FAILED));
    if (!saved) return;
    if (!editing) setDraft(draftOf(null));
    onSaved(saved, !editing);
  }

  return (
    <form
      className="stack"
      noValidate
      aria-label={editing ? `Change the goal ${editing.title}` : "New goal"}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {save.error && <Alert kind="error">{save.error}</Alert>}
      <Select
        label="What to aim for"
        options={KINDS}
        value={draft.kind}
        onChange={(event) => {
          const kind = event.target.value as GoalKind;
          set({ kind, target: TARGET[kind]?.start ?? "" });
        }}
      />
      {target && (
        <TextField label={target.label} type="number" inputMode="numeric" min={1} max={target.max} value={draft.target} onValueChange={(value) => set({ target: value })} />
      )}
      {draft.kind === "average_score" && (
        <TextField label="Topic (optional)" hint="Only tests on this topic count. Leave empty to count every test." value={draft.topic} maxLength={GOAL_LIMITS.topic} onValueChange={(value) => set({ topic: value })} />
      )}
      {draft.kind === "set_mastered" &&
        (sets.data?.length === 0 ? (
          <Alert kind="info">
            You have no study sets yet. <Link href="/study-sets">Make one</Link>, then come back to set this goal.
          </Alert>
        ) : (
          <Select
            label="Study set"
            placeholder={sets.data ? "Choose a study set…" : "Loading your study sets…"}
            options={(sets.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.progress}% learned)` }))}
            value={draft.setId}
            onChange={(event) => {
              const chosen = sets.data?.find((s) => String(s.id) === event.target.value);
              set({ setId: event.target.value, title: chosen && !draft.title ? `Master ${chosen.name}` : draft.title });
            }}
          />
        ))}
      {draft.kind !== "set_mastered" && <Choice type="checkbox" label="Only count the last 7 days" checked={draft.week} onChange={(event) => set({ week: event.target.checked })} />}
      <TextField label="Title (optional)" hint="Leave empty for a title made from the goal." value={draft.title} maxLength={GOAL_LIMITS.title} onValueChange={(value) => set({ title: value })} />
      <div className="row-actions">
        <Button type="submit" variant="primary" busy={save.busy} busyLabel="Saving…">
          {editing ? "Save changes" : "Add goal"}
        </Button>
        {editing && (
          <Button type="button" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
