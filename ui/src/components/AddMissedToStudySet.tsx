/** On a result: "Add the questions I missed to a study set" (a new set named after the test, or one of the student's sets). */
import { useState } from "react";
import { Link } from "wouter";
import { addMissedQuestions, listStudySets } from "../api/study-sets.ts";
import { plural } from "../format.ts";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { Select } from "./Field.tsx";

export function AddMissedToStudySet({ resultId, missed }: { resultId: number; missed: number }) {
  const sets = useLoad("study-sets", (signal) => listStudySets({ signal }));
  const [target, setTarget] = useState("");
  const [done, setDone] = useState<{ id: number; name: string; added: number } | null>(null);
  const action = useAction();

  async function add() {
    const answer = await action.run(() => addMissedQuestions(resultId, target ? Number(target) : undefined, { fallback: "Failed to add the questions to a study set. Please try again." }));
    if (answer) {
      setDone({ id: answer.study_set.id, name: answer.study_set.name, added: answer.added });
      sets.reload();
    }
  }

  return (
    <section className="card stack" aria-labelledby="missed-heading">
      <h2 id="missed-heading">Study what you missed</h2>
      <p className="muted">Turn the {plural(missed, "question")} you missed into flashcards, each with its answer and source page.</p>
      <Select
        label="Study set"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        options={[{ value: "", label: "A new study set" }, ...(sets.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
      />
      {action.error && <Alert kind="error">{action.error}</Alert>}
      {done && (
        <Alert kind="success">
          {done.added ? `Added ${plural(done.added, "flashcard")} to ` : "Every missed question is already in "}
          <Link href={`/study-sets/${done.id}`}>{done.name}</Link>.
        </Alert>
      )}
      <div>
        <Button onClick={() => void add()} busy={action.busy} busyLabel="Adding…">
          Add the questions I missed to a study set
        </Button>
      </div>
    </section>
  );
}
