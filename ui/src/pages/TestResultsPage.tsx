import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until the results page is built. */
export function TestResultsPage() {
  return <ComingSoon title="Test Results">Soon you will see your scores here and review every question with its explanation.</ComingSoon>;
}
