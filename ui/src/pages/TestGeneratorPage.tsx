import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until the test generator is built. */
export function TestGeneratorPage() {
  return <ComingSoon title="Test Generator">Soon you will choose a study guide, a topic and a difficulty here, and get a practice test.</ComingSoon>;
}
