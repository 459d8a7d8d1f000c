/** `/study-sets`: the student's study sets (cards, due today, progress) and a form to make one, by hand or from a study material. */
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { listFiles } from "../api/files.ts";
import { createStudySet, listStudySets, LOAD_SETS_FAILED, NAME_EMPTY, type NewStudySet, type StudySetSummary } from "../api/study-sets.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { Choice, ChoiceGroup } from "../components/Choice.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Select, TextArea, TextField } from "../components/Field.tsx";
import { Page } from "../components/Page.tsx";
import { ProgressBar } from "../components/ProgressBar.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { Table } from "../components/Table.tsx";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import "../styles/study-sets.css";

function CreateSetForm() {
  const [, navigate] = useLocation();
  const [source, setSource] = useState<"hand" | "material">("hand");
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [fileId, setFileId] = useState("");
  const [topic, setTopic] = useState("");
  const [count, setCount] = useState("10");
  const [nameError, setNameError] = useState<string | null>(null);
  const files = useLoad(source === "material" ? "files" : null, (signal) => listFiles({ signal }));
  const action = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(NAME_EMPTY);
      return;
    }
    setNameError(null);
    const body: NewStudySet = { name, title: title || undefined, description: description || undefined };
    if (source === "material") Object.assign(body, { file_id: Number(fileId), topic, count: Number(count) });
    const set = await action.run(() => createStudySet(body, { fallback: "Failed to create the study set. Please try again." }));
    // The set's page says so when the material grounded fewer cards than asked for.
    if (set) navigate(`/study-sets/${set.id}`, set.requested_cards ? { state: { requestedCards: set.requested_cards } } : undefined);
  }

  return (
    <Card title="New study set">
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Name" value={name} onValueChange={setName} error={nameError} required maxLength={100} />
        <TextField label="Title (optional)" value={title} onValueChange={setTitle} maxLength={200} />
        <TextArea label="Description (optional)" value={description} onValueChange={setDescription} rows={2} maxLength={2000} />
        <ChoiceGroup legend="Flashcards">
          <Choice name="source" label="I will write them myself" checked={source === "hand"} onChange={() => setSource("hand")} />
          <Choice name="source" label="Write them from a study material" checked={source === "material"} onChange={() => setSource("material")} />
        </ChoiceGroup>
        {source === "material" && (
          <>
            {files.failed && <Alert kind="error">Failed to load your study materials. Please try again.</Alert>}
            <Select
              label="Study material"
              placeholder="Choose a file…"
              value={fileId}
              onChange={(event) => setFileId(event.target.value)}
              options={(files.data ?? []).map((f) => ({ value: String(f.file_id), label: f.filename }))}
              required
            />
            <TextField label="Topic" value={topic} onValueChange={setTopic} required maxLength={200} hint="The cards' answers are taken from the pages about this topic." />
            <TextField label="Number of cards" type="number" min={1} max={50} value={count} onValueChange={setCount} required />
          </>
        )}
        {action.error && <Alert kind="error">{action.error}</Alert>}
        <div>
          <Button type="submit" variant="primary" busy={action.busy} busyLabel={source === "material" ? "Writing flashcards…" : "Creating…"}>
            Create study set
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SetsTable({ sets }: { sets: StudySetSummary[] }) {
  return (
    <Table
      caption="Your study sets"
      rowKey={(s) => s.id}
      rows={sets}
      columns={[
        { key: "name", header: "Name", primary: true, render: (s) => <Link href={`/study-sets/${s.id}`}>{s.name}</Link> },
        { key: "cards", header: "Cards", align: "end", render: (s) => s.card_count },
        { key: "due", header: "Due today", align: "end", render: (s) => s.due_today },
        { key: "progress", header: "Progress", render: (s) => (
          <div className="set-progress">
            <ProgressBar value={s.progress} label={`Progress of ${s.name}`} tone={s.progress === 100 ? "success" : "primary"} />
          </div>
        ),
      },
      ]}
    />
  );
}

export function StudySetsPage() {
  const sets = useLoad("study-sets", (signal) => listStudySets({ signal }));
  return (
    <Page title="Study Sets" description="Flashcards that come back when you are about to forget them.">
      <div className="stack stack--lg">
        <Card title="Your study sets">
          {sets.failed ? (
            <RetryAlert onRetry={sets.reload}>{LOAD_SETS_FAILED}</RetryAlert>
          ) : !sets.data ? (
            <Spinner label="Loading study sets…" />
          ) : sets.data.length === 0 ? (
            <EmptyState title="No study sets yet." compact>
              Make one below, by hand or from one of your study materials.
            </EmptyState>
          ) : (
            <SetsTable sets={sets.data} />
          )}
        </Card>
        <CreateSetForm />
      </div>
    </Page>
  );
}
