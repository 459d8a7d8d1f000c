import type { AssignmentState } from "../../api/teaching.ts";
import { STATE_LABELS } from "./assignment-text.ts";

/** An assignment's state as a word in a badge (never by colour alone). */
export function StateBadge({ state }: { state: AssignmentState }) {
  return <span className={`role-badge state-badge--${state.replace("_", "-")}`}>{STATE_LABELS[state]}</span>;
}
