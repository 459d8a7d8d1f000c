import { Link } from "wouter";
import { ButtonLink } from "../../components/Button.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

/** Flashcards due today, with the way to study them. */
export function FlashcardsCard({ due }: { due: number | undefined }) {
  return (
    <DashboardCard
      title="Cards Due Today"
      loading={due === undefined}
      empty={
        due === 0 && (
          <EmptyState compact icon="check" title="No flashcards due today." action={<Link href="/study-sets">Go to your study sets</Link>}>
            Cards you study come back here on the day they are due.
          </EmptyState>
        )
      }
    >
      <p className="stats__value">{due}</p>
      <p>{due === 1 ? "flashcard is due today." : "flashcards are due today."}</p>
      <ButtonLink href="/study-sets" size="sm">
        Study now
      </ButtonLink>
    </DashboardCard>
  );
}
