/**
 * `/testgenerator`: choose a study guide, a topic, a difficulty, how many
 * questions and which kinds; the test is written as a job behind a blocking
 * overlay with live progress, then the preview opens.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { getFile, listFiles } from "../api/files.ts";
import { DIFFICULTIES, generateTest, MAX_QUESTIONS, MIN_QUESTIONS, QUESTION_TYPES } from "../api/generation.ts";
import { listTemplates, type Template } from "../api/templates.ts";
import type { Difficulty, QuestionType } from "../api/types.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { Choice, ChoiceGroup } from "../components/Choice.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Select, TextField } from "../components/Field.tsx";
import { GenerationOverlay } from "../components/GenerationOverlay.tsx";
import { Page } from "../components/Page.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { formatKb, plural } from "../format.ts";
import { useGeneration } from "../hooks/useGeneration.ts";
import { useSession } from "../hooks/session.tsx";
import { useToast } from "../hooks/toast.tsx";
import { useLoad } from "../hooks/useLoad.ts";
import { SaveTemplateDialog } from "./generator/SaveTemplateDialog.tsx";

export const TOPIC_REQUIRED = "Topic is required.";
export const COUNT_INVALID = "Number of questions must be between 1 and 50.";
export const MATERIAL_REQUIRED = "Please select a study material.";
export const TYPES_REQUIRED = "Choose at least one question type.";
/** Shown when the built-in generator is asked for multiple choice alone, its weakest kind of question. */
export const BUILTIN_CHOICE_HINT = "The built-in generator writes its best questions as true/false and short answer; add them for a stronger test.";

const TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: "Multiple choice",
  true_false: "True / false",
  short_answer: "Short answer",
};

interface Errors {
  file?: string;
  topic?: string;
  count?: string;
  types?: string;
}

export function TestGeneratorPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const files = useLoad("files", (signal) => listFiles({ signal }));
  const [fileId, setFileId] = useState(() => params.get("file") ?? "");
  // ?topic= and ?difficulty= fill the form (a next step from /ai-insights).
  const [topic, setTopic] = useState(() => params.get("topic")?.slice(0, 200) ?? "");
  const [difficulty, setDifficulty] = useState<Difficulty>(() => DIFFICULTIES.find((d) => d.toLowerCase() === params.get("difficulty")?.toLowerCase()) ?? "Easy");
  const [count, setCount] = useState("5");
  // The built-in generator writes its weakest questions as multiple choice (teachers accepted 5 to 20% of them,
  // against about 60% of its true/false items), so with it a test starts with every type; an AI provider's
  // multiple-choice test is the spec's default.
  const { config } = useSession();
  const builtin = config.llm_provider === "builtin";
  const [types, setTypes] = useState<QuestionType[]>(() => (builtin ? [...QUESTION_TYPES] : ["multiple_choice"]));
  const [errors, setErrors] = useState<Errors>({});
  const templates = useLoad("templates", (signal) => listTemplates({ signal }));
  const [templateId, setTemplateId] = useState(() => params.get("template") ?? "");
  const [applied, setApplied] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const topicRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const generation = useGeneration((testId) =>
    navigate(`/generated-test?id=${testId}`, { state: { testId } }),
  );

  // A ?file= not among the student's own files may be a teacher's, shared with a class they joined.
  const linkedFile = params.get("file");
  const sharedId = files.data && linkedFile && !files.data.some((file) => String(file.file_id) === linkedFile) ? Number(linkedFile) : null;
  const shared = useLoad(sharedId !== null && Number.isInteger(sharedId) ? sharedId : null, (signal) => getFile(sharedId!, { signal }));
  const available = [...(files.data ?? []), ...(shared.data ? [shared.data] : [])];
  // A ?file= that is not (or no longer) in the list, nor shared with the student, selects nothing.
  const selected = available.some((file) => String(file.file_id) === fileId) ? fileId : "";

  /** "Use a template": the form takes the template's settings (and its study guide, when it has one). */
  function applyTemplate(template: Template) {
    if (template.topic) setTopic(template.topic);
    setDifficulty(template.difficulty);
    setCount(String(template.count));
    setTypes(QUESTION_TYPES.filter((t) => template.question_types.includes(t)));
    if (template.file_id !== null) setFileId(String(template.file_id));
    setErrors({});
    setApplied(template.name);
  }

  // Opened with ?template= (from /templates): fill the form once the template is known.
  const fromUrl = params.get("template");
  const linked = templates.data?.find((t) => String(t.id) === fromUrl);
  useEffect(() => {
    if (linked) applyTemplate(linked);
  }, [linked]);

  const currentSettings = () => {
    const n = Number(count);
    return {
      topic: topic.trim() || undefined,
      difficulty,
      count: count.trim() && Number.isFinite(n) ? n : count,
      question_types: types,
      file_id: selected ? Number(selected) : undefined,
    };
  };

  function validate(): Errors {
    const found: Errors = {};
    if (!selected) found.file = MATERIAL_REQUIRED;
    if (!topic.trim()) found.topic = TOPIC_REQUIRED;
    const n = Number(count);
    if (!count.trim() || !Number.isInteger(n) || n < MIN_QUESTIONS || n > MAX_QUESTIONS) found.count = COUNT_INVALID;
    if (types.length === 0) found.types = TYPES_REQUIRED;
    return found;
  }

  function onSubmit() {
    if (generation.running) return;
    const found = validate();
    setErrors(found);
    generation.reset();
    if (Object.keys(found).length) {
      // Put the cursor in the first field that needs attention.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    void generation.start((options) =>
      generateTest(
        { file_id: Number(selected), topic: topic.trim(), difficulty, count: Number(count), question_types: types },
        options,
      ),
    );
  }

  function toggleType(type: QuestionType, on: boolean) {
    setTypes((current) => QUESTION_TYPES.filter((t) => (t === type ? on : current.includes(t))));
  }

  function applySuggestion(suggestion: string) {
    setTopic(suggestion);
    setErrors((current) => ({ ...current, topic: undefined }));
    generation.reset();
    topicRef.current?.focus();
  }

  const failure = generation.error;
  let body;
  if ((files.loading && !files.data) || shared.loading) {
    body = <Spinner label="Loading your study guides…" />;
  } else if (files.failed) {
    body = <RetryAlert onRetry={files.reload}>Failed to load your study guides.</RetryAlert>;
  } else if (available.length === 0) {
    body = (
      <EmptyState
        icon="upload"
        title="You have no study guides yet."
        action={
          <ButtonLink href="/upload" variant="primary">
            Upload a study guide
          </ButtonLink>
        }
      >
        Tests are made from your own PDFs. Upload one first, then come back here.
      </EmptyState>
    );
  } else {
    body = (
      <form
        ref={formRef}
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {templates.data && templates.data.length > 0 && (
          <Select
            label="Use a template"
            placeholder="Choose a template…"
            hint={applied ? `Filled in from "${applied}". Change anything before you generate.` : "Fills in the settings you saved."}
            options={templates.data.map((t) => ({ value: String(t.id), label: t.name }))}
            value={templates.data.some((t) => String(t.id) === templateId) ? templateId : ""}
            onChange={(event) => {
              setTemplateId(event.target.value);
              const chosen = templates.data?.find((t) => String(t.id) === event.target.value);
              if (chosen) applyTemplate(chosen);
            }}
          />
        )}
        {generation.cancelled && <Alert kind="info">Test generation was cancelled. Nothing was saved.</Alert>}
        {failure && (
          <Alert
            kind="error"
            title={failure.message || "Failed to generate test. Try again."}
            actions={
              failure.suggestions?.length ? (
                <ul className="chips" aria-label="Suggested topics">
                  {failure.suggestions.map((suggestion) => (
                    <li key={suggestion}>
                      <button type="button" className="chip" onClick={() => applySuggestion(suggestion)}>
                        {suggestion}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          >
            {failure.suggestions?.length ? "Try one of the topics this study guide does cover:" : undefined}
          </Alert>
        )}
        <Select
          label="Select Study Material"
          placeholder="Choose a study guide…"
          options={available.map((file) => ({
            value: String(file.file_id),
            label: `${file.filename} (${plural(file.pages, file.page_unit)}, ${formatKb(file.size)})`,
          }))}
          value={selected}
          onChange={(event) => {
            setFileId(event.target.value);
            setErrors((current) => ({ ...current, file: undefined }));
          }}
          error={errors.file}
          required
        />
        <TextField
          ref={topicRef}
          label="Topic"
          hint="A word or phrase from the study guide, such as a chapter's subject."
          value={topic}
          onValueChange={(value) => {
            setTopic(value);
            if (errors.topic) setErrors((current) => ({ ...current, topic: undefined }));
          }}
          error={errors.topic}
          maxLength={200}
          required
        />
        <div className="form-pair">
          <Select
            label="Difficulty"
            options={DIFFICULTIES.map((value) => ({ value, label: value }))}
            value={difficulty}
            onChange={(event) => setDifficulty(event.target.value as Difficulty)}
          />
          <TextField
            label="Number of Questions"
            type="number"
            inputMode="numeric"
            min={MIN_QUESTIONS}
            max={MAX_QUESTIONS}
            step={1}
            value={count}
            onValueChange={(value) => {
              setCount(value);
              if (errors.count) setErrors((current) => ({ ...current, count: undefined }));
            }}
            error={errors.count}
            hint={`From ${MIN_QUESTIONS} to ${MAX_QUESTIONS}.`}
            required
          />
        </div>
        <ChoiceGroup
          legend="Question types"
          hint={builtin && types.length === 1 && types[0] === "multiple_choice" ? BUILTIN_CHOICE_HINT : undefined}
          error={errors.types}
          className="choice-group--compact"
        >
          {QUESTION_TYPES.map((type) => (
            <Choice
              key={type}
              type="checkbox"
              name="question_types"
              value={type}
              label={TYPE_LABELS[type]}
              checked={types.includes(type)}
              aria-invalid={errors.types ? true : undefined}
              onChange={(event) => {
                toggleType(type, event.target.checked);
                if (errors.types) setErrors((current) => ({ ...current, types: undefined }));
              }}
            />
          ))}
        </ChoiceGroup>
        <div className="button-row">
          <Button type="submit" variant="primary" size="lg" busy={generation.running} busyLabel="Generating…">
            Generate Test
          </Button>
          <Button onClick={() => setSaving(true)} disabled={generation.running}>
            Save as template
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Page
      title="Test Generator"
      description="Make a practice test from one of your study guides. Every answer comes from the guide itself."
      narrow
    >
      <Card>{body}</Card>
      <GenerationOverlay generation={generation} />
      <SaveTemplateDialog
        open={saving}
        settings={currentSettings()}
        onClose={() => setSaving(false)}
        onSaved={(saved) => {
          setSaving(false);
          templates.reload();
          setTemplateId(String(saved.id));
          toast.show(`Saved the template "${saved.name}".`, { kind: "success" });
        }}
      />
    </Page>
  );
}
