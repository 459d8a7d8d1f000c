import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until test taking is built. */
export function TakeTestPage() {
  return <ComingSoon title="Take Test">Soon you will take your practice tests here, one question at a time.</ComingSoon>;
}
