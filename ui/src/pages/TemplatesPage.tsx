import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until templates is built. */
export function TemplatesPage() {
  return <ComingSoon title="Templates">Soon you will save test settings as templates here.</ComingSoon>;
}
