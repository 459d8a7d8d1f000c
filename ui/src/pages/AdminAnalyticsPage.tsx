import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until admin analytics is built. */
export function AdminAnalyticsPage() {
  return <ComingSoon title="Admin Analytics">Soon administrators will see how StudyForge is used here.</ComingSoon>;
}
