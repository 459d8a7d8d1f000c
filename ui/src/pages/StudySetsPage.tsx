import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until study sets is built. */
export function StudySetsPage() {
  return <ComingSoon title="Study Sets">Soon you will build study sets with flashcards here.</ComingSoon>;
}
