import { Box, Text } from "ink";
import { createElement as h, type ReactElement } from "react";
import { cleanupCounts, type CleanupPlan } from "../../src/admin/cleanup.ts";
import { bytes, when } from "./format.ts";
import { Heading, Table } from "./table.ts";

function section(title: string, count: number, size: number | null, body: ReactElement | null, skipped?: string) {
  const head = `${title}: ${count}${size === null ? "" : `, ${bytes(size)}`}`;
  if (skipped) return h(Box, { key: title, flexDirection: "column" }, h(Heading, null, `${title}: skipped`), h(Text, { color: "gray" }, skipped));
  return h(Box, { key: title, flexDirection: "column" }, h(Heading, null, head), count ? body : h(Text, { color: "gray" }, "none"));
}

/** What a cleanup finds (or found), per kind, with sizes; then what happened. */
export function CleanupView({ plan, deleted }: { plan: CleanupPlan; deleted: boolean }) {
  const { unverified_accounts: accounts, failed_jobs: jobs, abandoned_uploads: uploads, unreferenced_pdfs: pdfs } = plan;
  const totals = cleanupCounts(plan);
  const items = totals.unverified_accounts + totals.failed_jobs + totals.abandoned_uploads + totals.unreferenced_pdfs;
  const verb = deleted ? "Deleted" : "Would delete";
  return h(
    Box,
    { flexDirection: "column" },
    h(Text, { bold: true }, `${deleted ? "Cleanup" : "Cleanup (dry run)"}: accounts and jobs older than ${plan.older_than_days} days, files left over for more than an hour`),
    section(
      `${verb} unverified accounts`,
      accounts.count,
      null,
      h(Table, { columns: [{ header: "ID", align: "right" }, { header: "E-mail" }, { header: "Username" }, { header: "Signed up" }], rows: accounts.items.map((u) => [u.id, u.email, u.username, when(u.created_at)]) }),
      accounts.skipped,
    ),
    section(
      `${verb} failed and cancelled jobs`,
      jobs.count,
      null,
      h(Table, { columns: [{ header: "Job", align: "right" }, { header: "User", align: "right" }, { header: "State" }, { header: "Ended" }], rows: jobs.items.map((j) => [j.id, j.user_id, j.state, when(j.updated_at)]) }),
    ),
    section(
      `${verb} abandoned uploads`,
      uploads.count,
      uploads.bytes,
      h(Table, { columns: [{ header: "File" }, { header: "Size", align: "right" }, { header: "Last written" }], rows: uploads.items.map((f) => [f.file, bytes(f.bytes), when(f.modified_at)]) }),
    ),
    section(
      `${verb} unreferenced stored PDFs`,
      pdfs.count,
      pdfs.bytes,
      h(Table, { columns: [{ header: "File" }, { header: "Size", align: "right" }, { header: "Why" }], rows: pdfs.items.map((p) => [p.file, bytes(p.bytes), p.kind]) }),
    ),
    h(
      Box,
      { marginTop: 1 },
      h(
        Text,
        { bold: true, color: deleted ? "green" : "yellow" },
        deleted
          ? `Deleted ${items} item(s), ${bytes(totals.bytes)} freed.`
          : items
            ? `Dry run: nothing was deleted. ${items} item(s), ${bytes(totals.bytes)}. Run \`studyforge cleanup --yes\` to delete them.`
            : "Nothing to clean up.",
      ),
    ),
  );
}
