/**
 * `/study-sets/{id}`: a set's title, description and progress, study mode (the cards due now), its
 * flashcards, and Generate Questions (a practice test from the set's material, or from its own cards
 * for a set typed by hand, opened in the preview).
 */
import { useState, type FormEvent } from "react";
import { useLocation, useParams } from "wouter";
import { deleteStudySet, GENERATE_QUESTIONS_FAILED, generateFromSet, getStudySet, LOAD_SET_FAILED, NAME_EMPTY, updateStudySet, type StudySetView } from "../api/study-sets.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { TextArea, TextField } from "../components/Field.tsx";
import { GenerationOverlay } from "../components/GenerationOverlay.tsx";
import { Page } from "../components/Page.tsx";
import { ProgressBar } from "../components/ProgressBar.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { PageSpinner } from "../components/Spinner.tsx";
import { plural } from "../format.ts";
import { useAction } from "../hooks/useAction.ts";
import { useGeneration } from "../hooks/useGeneration.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { parseId, useNavigationState } from "../hooks/usePageId.ts";
import { CardList } from "./study-sets/CardList.tsx";
import { ConfirmDelete } from "./study-sets/ConfirmDelete.tsx";
import { StudyMode } from "./study-sets/StudyMode.tsx";
import "../styles/study-sets.css";

function EditDetails({ set, onSaved }: { set: StudySetView; onSaved: (set: StudySetView) => void }) {
  const [name, setName] = useState(set.name);
  const [title, setTitle] = useState(set.title);
  const [description, setDescription] = useState(set.description);
  const action = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return action.setError(NAME_EMPTY);
    const saved = await action.run(() => updateStudySet(set.id, { name, title, description }, { fallback: "Failed to save the study set. Please try again." }));
    if (saved) onSaved(saved);
  }

  return (
    <details className="disclosure">
      <summary>Edit name, title and description</summary>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Name" value={name} onValueChange={setName} required maxLength={100} />
        <TextField label="Title" value={title} onValueChange={setTitle} maxLength={200} />
        <TextArea label="Description" value={description} onValueChange={setDescription} rows={2} maxLength={2000} />
        {action.error && <Alert kind="error">{action.error}</Alert>}
        <div>
          <Button type="submit" busy={action.busy}>
            Save details
          </Button>
        </div>
      </form>
    </details>
  );
}

function SetView({ initial, reload }: { initial: StudySetView; reload: () => void }) {
  const set = initial;
  const [, navigate] = useLocation();
  const [studying, setStudying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const generation = useGeneration((testId) => navigate(`/generated-test?id=${testId}`, { state: { testId } }));
  const dueNow = set.flashcards.filter((c) => c.due_now);
  // Set by the create form when the material grounded fewer cards than were asked for.
  const requestedCards = useNavigationState<number>("requestedCards");

  return (
    <Page
      title={set.title || set.name}
      documentTitle={`${set.name} – Study Sets`}
      description={set.description || undefined}
      actions={
        <div className="row">
          <Button
            variant="primary"
            onClick={() => void generation.start((options) => generateFromSet(set.id, { ...options, fallback: GENERATE_QUESTIONS_FAILED }))}
            disabled={set.card_count === 0 && !set.study_material_id}
            title={set.card_count === 0 && !set.study_material_id ? "Add cards first: the questions are made from them." : undefined}
          >
            Generate Questions
          </Button>
          <ButtonLink href="/study-sets" variant="ghost">
            All study sets
          </ButtonLink>
        </div>
      }
    >
      <div className="stack stack--lg reading">
        {requestedCards !== undefined && requestedCards > set.card_count && (
          <Alert kind="info">{`Only ${set.card_count} of ${requestedCards} flashcards could be written from this material.`}</Alert>
        )}
        {(generation.error || generation.cancelled) && (
          <Alert kind={generation.cancelled ? "info" : "error"}>
            {generation.cancelled ? "Generating questions was cancelled." : GENERATE_QUESTIONS_FAILED}
            {generation.error && generation.error.message !== GENERATE_QUESTIONS_FAILED && ` ${generation.error.message}`}
          </Alert>
        )}
        <Card title="Progress">
          <div className="stack">
            <ProgressBar value={set.progress} label="Cards learned" tone={set.progress === 100 ? "success" : "primary"} />
            <p className="muted">
              {plural(set.card_count, "card")} · {set.due_today} due today · {set.name}
              {set.topic ? ` · topic: ${set.topic}` : ""}
            </p>
            <p className="muted small">
              {set.study_material_id
                ? "Generate Questions writes a practice test from this set's study material."
                : "Generate Questions makes a practice test from these cards."}
            </p>
            {!studying && (
              <div>
                <Button variant="primary" onClick={() => setStudying(true)} disabled={set.card_count === 0}>
                  Study {dueNow.length ? `(${plural(dueNow.length, "card")} due)` : ""}
                </Button>
              </div>
            )}
          </div>
        </Card>
        {studying && (
          <Card>
            <StudyMode cards={dueNow} unit={set.page_unit} onReviewed={reload} onClose={() => setStudying(false)} />
          </Card>
        )}
        <Card title="Flashcards">
          <CardList setId={set.id} cards={set.flashcards} unit={set.page_unit} onChanged={reload} />
        </Card>
        <Card title="Settings">
          <div className="stack">
            <EditDetails key={set.updated_at} set={set} onSaved={reload} />
            <div>
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Delete study set
              </Button>
            </div>
          </div>
        </Card>
      </div>
      <ConfirmDelete
        open={confirming}
        title="Delete this study set?"
        confirmLabel="Delete study set"
        onCancel={() => setConfirming(false)}
        onDelete={async () => {
          await deleteStudySet(set.id, { fallback: "Failed to delete the study set. Please try again." });
          navigate("/study-sets");
        }}
      >
        {set.name} and its {plural(set.card_count, "flashcard")} will be deleted.
      </ConfirmDelete>
      <GenerationOverlay generation={generation} provider={set.study_material_id && set.topic ? undefined : "study-set"} />
    </Page>
  );
}

export function StudySetDetailPage() {
  const params = useParams<{ id: string }>();
  const pageId = parseId(params.id);
  const id = pageId.kind === "ok" ? pageId.id : null;
  const set = useLoad(id, (signal) => getStudySet(id!, { signal, fallback: LOAD_SET_FAILED }));
  if (id === null || set.failed) {
    return (
      <Page title="Study Set" narrow>
        <RetryAlert onRetry={id === null ? undefined : set.reload} actions={<ButtonLink href="/study-sets">All study sets</ButtonLink>}>
          {LOAD_SET_FAILED}
        </RetryAlert>
      </Page>
    );
  }
  if (!set.data) return <PageSpinner label="Loading the study set…" />;
  return <SetView initial={set.data} reload={set.reload} />;
}
