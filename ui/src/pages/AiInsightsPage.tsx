import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until AI insights is built. */
export function AiInsightsPage() {
  return <ComingSoon title="AI Test Insights">Soon you will see which topics need more practice here.</ComingSoon>;
}
