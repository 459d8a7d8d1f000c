import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until the test preview is built. */
export function GeneratedTestPage() {
  return <ComingSoon title="Test Preview">Soon you will preview a generated test here before you start it.</ComingSoon>;
}
