/**
 * The class's grades as CSV for a spreadsheet or a school's gradebook: one row per student, and per
 * assignment four columns (best %, latest %, status, last submitted). RFC 4180: every field quoted, CRLF
 * line ends, with a UTF-8 byte order mark so Excel reads accented names right. A cell that would start
 * with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of running it as a formula (CSV injection): usernames and test names are typed by users.
 */
import type { AssignmentState } from "../assignments/schema.ts";
import { csvField } from "../exports/anki-csv.ts";
import type { ClassResultsOut, FullClassResults } from "./schema.ts";

export const STATE_LABELS: Record<AssignmentState, string> = { submitted: "Submitted", late: "Late", missed: "Missing", to_do: "To do" };

/** Neutralises a cell a spreadsheet would read as a formula. */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const cell = (value: string | number | null) => csvField(safeCell(value === null ? "" : String(value)));

/** Column titles per assignment, told apart by a number when two tests have the same name. */
function assignmentTitles(results: ClassResultsOut): string[] {
  const seen = new Map<string, number>();
  return results.assignments.map((a) => {
    const n = (seen.get(a.test_name) ?? 0) + 1;
    seen.set(a.test_name, n);
    return n === 1 ? a.test_name : `${a.test_name} (${n})`;
  });
}

export function resultsCsv(results: FullClassResults): string {
  const header = ["Student", "E-mail", ...assignmentTitles(results).flatMap((t) => [`${t}: best %`, `${t}: latest %`, `${t}: status`, `${t}: submitted (UTC)`])];
  const rows = results.members.map((m, i) => [
    m.username,
    m.email,
    ...results.assignments.flatMap((a) => {
      const r = a.results[i]!;
      return [r.best_score, r.latest_score, STATE_LABELS[r.state], r.submitted_at];
    }),
  ]);
  return "\uFEFF" + [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
