/**
 * The dialog that edits one question, or writes a new one: its text, type, options (four for multiple
 * choice), the correct answer (chosen among the options, True or False, or typed for a short answer) and
 * the explanation. The server checks it as it checks generated questions and its message shows here.
 */
import { useId, useState } from "react";
import { errorMessage } from "../../api/client.ts";
import type { QuestionFields } from "../../api/test-editing.ts";
import type { Question, QuestionType } from "../../api/types.ts";
import { useAction } from "../../hooks/useAction.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { Select, TextArea, TextField } from "../Field.tsx";
import { SubmitForm } from "../SubmitForm.tsx";

export const TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: "Multiple choice",
  true_false: "True / false",
  short_answer: "Short answer",
};

const OPTION_COUNT = 4;
export const QUESTION_REQUIRED = "Write the question.";
export const ANSWER_REQUIRED = "Choose or write the correct answer.";

interface Draft {
  question: string;
  type: QuestionType;
  options: string[];
  /** Multiple choice: which option (by position, so editing its text keeps it chosen). */
  answerIndex: string;
  trueFalse: string;
  shortAnswer: string;
  explanation: string;
}

function draftOf(question?: Question): Draft {
  const type = question?.type ?? "multiple_choice";
  const options = type === "multiple_choice" ? [...(question?.options ?? [])] : [];
  while (options.length < OPTION_COUNT) options.push("");
  const answer = question?.answer ?? "";
  const index = type === "multiple_choice" ? options.findIndex((o) => o === answer) : -1;
  return {
    question: question?.question ?? "",
    type,
    options: options.slice(0, OPTION_COUNT),
    answerIndex: index >= 0 ? String(index) : "",
    trueFalse: type === "true_false" ? answer : "",
    shortAnswer: type === "short_answer" ? answer : "",
    explanation: question?.explanation ?? "",
  };
}

function fieldsOf(draft: Draft): QuestionFields {
  const answer =
    draft.type === "multiple_choice" ? (draft.options[Number(draft.answerIndex)] ?? "") : draft.type === "true_false" ? draft.trueFalse : draft.shortAnswer;
  return {
    question: draft.question.trim(),
    type: draft.type,
    options: draft.type === "multiple_choice" ? draft.options.map((o) => o.trim()) : [],
    answer: answer.trim(),
    explanation: draft.explanation.trim(),
  };
}

interface QuestionFormProps {
  formId: string;
  initial?: Question;
  /** The test was taken: only the wording may change, the rest is shown but fixed. */
  wordingOnly: boolean;
  onSubmit: (fields: QuestionFields) => void;
}

function QuestionForm({ formId, initial, wordingOnly, onSubmit }: QuestionFormProps) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<{ question?: string; answer?: string }>({});
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const choices = draft.options.map((option, i) => ({ value: String(i), label: option.trim() || `Option ${i + 1} (empty)` }));

  function submit() {
    const fields = fieldsOf(draft);
    const found = { question: fields.question ? undefined : QUESTION_REQUIRED, answer: fields.answer ? undefined : ANSWER_REQUIRED };
    setErrors(found);
    if (!found.question && !found.answer) onSubmit(fields);
  }

  return (
    <SubmitForm id={formId} onSubmit={submit}>
      {wordingOnly && <p className="muted">This test has been taken, so only the question's wording and explanation can change.</p>}
      <TextArea label="Question" rows={3} maxLength={1000} value={draft.question} onValueChange={(question) => set({ question })} error={errors.question} />
      <Select
        label="Type"
        value={draft.type}
        options={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
        onChange={(event) => set({ type: event.target.value as QuestionType })}
        disabled={wordingOnly}
      />
      {draft.type === "multiple_choice" && (
        <>
          {draft.options.map((option, i) => (
            <TextField
              key={i}
              label={`Option ${i + 1}`}
              maxLength={200}
              disabled={wordingOnly}
              value={option}
              onValueChange={(text) => set({ options: draft.options.map((o, j) => (j === i ? text : o)) })}
            />
          ))}
          <Select
            label="Correct answer"
            placeholder="Choose the correct option"
            value={draft.answerIndex}
            options={choices}
            onChange={(event) => set({ answerIndex: event.target.value })}
            error={errors.answer}
            disabled={wordingOnly}
          />
        </>
      )}
      {draft.type === "true_false" && (
        <Select
          label="Correct answer"
          placeholder="Choose True or False"
          value={draft.trueFalse}
          options={[
            { value: "True", label: "True" },
            { value: "False", label: "False" },
          ]}
          onChange={(event) => set({ trueFalse: event.target.value })}
          error={errors.answer}
          disabled={wordingOnly}
        />
      )}
      {draft.type === "short_answer" && (
        <TextField label="Correct answer" maxLength={200} value={draft.shortAnswer} onValueChange={(shortAnswer) => set({ shortAnswer })} error={errors.answer} disabled={wordingOnly} />
      )}
      <TextArea label="Explanation" hint="Optional: shown with the answer after the test." rows={3} maxLength={2000} value={draft.explanation} onValueChange={(explanation) => set({ explanation })} />
    </SubmitForm>
  );
}

export interface QuestionDialogProps {
  open: boolean;
  /** 1-based number of the question edited; absent for a new question. */
  number?: number;
  /** The question as it is (absent for a new one). */
  initial?: Question;
  wordingOnly?: boolean;
  /** Saves the fields; a failure's message is shown in the dialog. */
  onSave: (fields: QuestionFields) => Promise<unknown>;
  onClose: () => void;
}

export function QuestionDialog({ open, number, initial, wordingOnly = false, onSave, onClose }: QuestionDialogProps) {
  const formId = useId();
  const save = useAction();

  function close() {
    save.setError(null);
    onClose();
  }

  async function submit(fields: QuestionFields) {
    if (save.busy) return;
    const saved = await save.run(async () => {
      await onSave(fields);
      return true;
    }, (err) => errorMessage(err, "The question could not be saved. Please try again."));
    if (saved) close();
  }

  return (
    <ConfirmDialog
      open={open}
      title={number ? `Edit question ${number}` : "Add a question"}
      confirmLabel={number ? "Save question" : "Add question"}
      form={formId}
      onCancel={close}
      busy={save.busy}
      busyLabel="Saving…"
      error={save.error}
    >
      {/* Mounted only while open (the modal renders its body then), so each opening starts from the question as it is. */}
      <QuestionForm formId={formId} initial={initial} wordingOnly={wordingOnly} onSubmit={(fields) => void submit(fields)} />
    </ConfirmDialog>
  );
}
