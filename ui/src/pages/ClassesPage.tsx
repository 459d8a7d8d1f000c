import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until classes is built. */
export function ClassesPage() {
  return <ComingSoon title="Classes">Soon you will organise your study guides by class here.</ComingSoon>;
}
