/**
 * Studying a set: the cards due now, one at a time. Space (or the button) flips a card; Again, Hard,
 * Good and Easy (or keys 1–4) grade it, and the server's FSRS schedule decides when it comes back.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { errorMessage } from "../../api/client.ts";
import { RATINGS, reviewCard, type FlashcardView, type RatingName } from "../../api/study-sets.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import type { PageUnit } from "../../api/types.ts";
import { formatDateTime, formatSources, plural } from "../../format.ts";

const LEARN_AHEAD_MS = 20 * 60 * 1000;

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export function StudyMode({ cards, unit, onReviewed, onClose }: { cards: FlashcardView[]; unit?: PageUnit; onReviewed: () => void; onClose: () => void }) {
  const [queue, setQueue] = useState(cards);
  const [flipped, setFlipped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const card = queue[0];

  useEffect(() => region.current?.focus(), [card?.id, flipped]);

  async function grade(rating: RatingName) {
    if (!card || !flipped || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await reviewCard(card.id, rating);
      setLast(`${RATINGS.find((r) => r.rating === rating)!.label}: back ${formatDateTime(answer.due)}.`);
      // Like Anki's learn-ahead limit: a card FSRS wants back within 20 minutes (Again, Hard on a new
      // card) comes round again in this session, after the others, instead of being dropped.
      const soon = Date.parse(answer.due) - Date.now() < LEARN_AHEAD_MS;
      setQueue((q) => (soon ? [...q.slice(1), card] : q.slice(1)));
      setFlipped(false);
      onReviewed();
    } catch (err) {
      setError(errorMessage(err, "Failed to save your answer. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      setFlipped((f) => !f);
    } else if (/^[1-4]$/.test(event.key) && flipped) {
      event.preventDefault();
      void grade(RATINGS[Number(event.key) - 1]!.rating);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  return (
    <section aria-labelledby="study-heading" className="stack">
      <div className="row row--spread">
        <h2 id="study-heading">Study</h2>
        <Button size="sm" onClick={onClose}>
          Stop studying
        </Button>
      </div>
      <p className="muted small" aria-live="polite">
        {card ? `${plural(queue.length, "card")} left. Space flips the card; 1 Again, 2 Hard, 3 Good, 4 Easy.` : ""} {last}
      </p>
      {card ? (
        <div ref={region} tabIndex={-1} className="study-card" role="group" aria-label={flipped ? "Flashcard, answer side" : "Flashcard, question side"}>
          <p className="study-card__side">Question</p>
          <p className="study-card__text">{card.question}</p>
          {flipped ? (
            <div aria-live="polite" className="stack">
              <p className="study-card__side">Answer</p>
              <p className="study-card__text">{card.answer}</p>
              {card.source_page != null && <p className="muted small">{formatSources([card.source_page], unit)}</p>}
              <div className="study-grades" role="group" aria-label="How well did you know it?">
                {RATINGS.map((r, i) => (
                  <Button key={r.rating} onClick={() => void grade(r.rating)} disabled={busy} variant={r.rating === "again" ? "secondary" : "primary"} aria-keyshortcuts={String(i + 1)}>
                    {r.label} ({i + 1})
                  </Button>
                ))}
              </div>
            </div>
          ) : (
            <div>
              <Button onClick={() => setFlipped(true)} aria-keyshortcuts="Space">
                Show answer (Space)
              </Button>
            </div>
          )}
          {error && <Alert kind="error">{error}</Alert>}
        </div>
      ) : (
        <div ref={region} tabIndex={-1} className="study-card">
          <p className="study-card__text">All caught up: no cards are due right now.</p>
          <p className="muted">Cards you found hard come back in a few minutes; the rest on the day FSRS picks.</p>
        </div>
      )}
    </section>
  );
}
