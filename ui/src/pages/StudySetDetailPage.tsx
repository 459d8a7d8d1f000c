import { useParams } from "wouter";
import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until study sets are built; the set's id comes from the URL (/study-sets/:id). */
export function StudySetDetailPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <ComingSoon title="Study Set">
      Soon you will review study set {id ? `#${id} ` : ""}here, with its flashcards and practice questions.
    </ComingSoon>
  );
}
