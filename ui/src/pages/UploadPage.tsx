import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until the upload page is built. */
export function UploadPage() {
  return <ComingSoon title="File Upload">Soon you will upload PDF study guides here and see your upload history.</ComingSoon>;
}
