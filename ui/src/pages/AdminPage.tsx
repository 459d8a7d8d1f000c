import { ComingSoon } from "../components/ComingSoon.tsx";

/** Placeholder until the admin dashboard is built. */
export function AdminPage() {
  return <ComingSoon title="Admin Dashboard">Soon administrators will manage users and files here.</ComingSoon>;
}
