/** A set's flashcards: add, edit and delete them. */
import { useState, type FormEvent } from "react";
import { addCard, deleteCard, updateCard, type FlashcardView } from "../../api/study-sets.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { TextArea } from "../../components/Field.tsx";
import type { PageUnit } from "../../api/types.ts";
import { formatDateTime, formatSources } from "../../format.ts";
import { useAction } from "../../hooks/useAction.ts";
import { ConfirmDelete } from "./ConfirmDelete.tsx";

function CardForm({ initial, submitLabel, onSave, onCancel }: { initial?: FlashcardView; submitLabel: string; onSave: (card: { question: string; answer: string }) => Promise<unknown>; onCancel?: () => void }) {
  const [question, setQuestion] = useState(initial?.question ?? "");
  const [answer, setAnswer] = useState(initial?.answer ?? "");
  const action = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await action.run(() => onSave({ question, answer }));
    if (saved !== undefined && !initial) {
      setQuestion("");
      setAnswer("");
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextArea label="Question" value={question} onValueChange={setQuestion} rows={2} maxLength={1000} required />
      <TextArea label="Answer" value={answer} onValueChange={setAnswer} rows={2} maxLength={2000} required />
      {action.error && <Alert kind="error">{action.error}</Alert>}
      <div className="row">
        <Button type="submit" variant="primary" busy={action.busy}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}

function CardItem({ card, index, unit, onChanged }: { card: FlashcardView; index: number; unit?: PageUnit; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (editing) {
    return (
      <li className="flashcard-list__item">
        <CardForm
          initial={card}
          submitLabel="Save card"
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            await updateCard(card.id, body, { fallback: "Failed to save the card. Please try again." });
            setEditing(false);
            onChanged();
            return true;
          }}
        />
      </li>
    );
  }
  return (
    <li className="flashcard-list__item">
      <p>
        <strong>Q{index + 1}.</strong> {card.question}
      </p>
      <p>
        <span className="muted">Answer:</span> {card.answer}
      </p>
      <p className="muted small">
        {card.source_page != null && <>{formatSources([card.source_page], unit)} · </>}
        {card.state === "new" ? "New" : `Next review ${formatDateTime(card.due)}`}
      </p>
      <div className="row-actions">
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Edit<span className="visually-hidden"> card {index + 1}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Delete<span className="visually-hidden"> card {index + 1}</span>
        </Button>
      </div>
      <ConfirmDelete
        open={confirming}
        title="Delete this flashcard?"
        confirmLabel="Delete card"
        onCancel={() => setConfirming(false)}
        onDelete={async () => {
          await deleteCard(card.id, { fallback: "Failed to delete the card. Please try again." });
          setConfirming(false);
          onChanged();
        }}
      >
        {card.question}
      </ConfirmDelete>
    </li>
  );
}

export function CardList({ setId, cards, unit, onChanged }: { setId: number; cards: FlashcardView[]; unit?: PageUnit; onChanged: () => void }) {
  return (
    <div className="stack">
      {cards.length === 0 ? (
        <p className="muted">No flashcards yet. Add the first one below.</p>
      ) : (
        <ol className="flashcard-list" aria-label="Flashcards">
          {cards.map((card, index) => (
            <CardItem key={card.id} card={card} index={index} unit={unit} onChanged={onChanged} />
          ))}
        </ol>
      )}
      <h3>Add a flashcard</h3>
      <CardForm
        submitLabel="Add card"
        onSave={async (body) => {
          await addCard(setId, body, { fallback: "Failed to add the card. Please try again." });
          onChanged();
          return true;
        }}
      />
    </div>
  );
}
