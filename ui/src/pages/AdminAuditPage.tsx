/**
 * `/admin/audit`: every administrative action, newest first: when, what, by whom (an administrator
 * or the `cli`), from which address, on what. Filter by action and actor, search, and page.
 */
import { useState } from "react";
import { listAuditLog, type AuditEntry } from "../api/admin.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { Select, TextField } from "../components/Field.tsx";
import type { Column } from "../components/Table.tsx";
import { formatDateTime } from "../format.ts";
import { useDebounced } from "../hooks/useDebounced.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { AdminFrame } from "./admin/AdminFrame.tsx";
import { Email, PersonCell } from "./admin/cells.tsx";
import { actionLabel, ROLE_LABELS } from "./admin/format.ts";
import { PagedList } from "./admin/PagedList.tsx";
import { usePagedSearch, useStayInRange } from "./admin/usePagedSearch.ts";

export const AUDIT_LOAD_FAILED = "Failed to load the audit log. Please try again.";
const PER_PAGE = 50;

function roleName(value: unknown): string {
  return typeof value === "string" && value in ROLE_LABELS ? ROLE_LABELS[value as keyof typeof ROLE_LABELS] : String(value);
}

/** The entry's details in words: "Student → Administrator" for a role change, else "key: value" pairs. */
export function describeDetails(entry: AuditEntry): string {
  const details = entry.details;
  if (!details) return "";
  if (entry.action === "user.role" && "from" in details && "to" in details) return `${roleName(details.from)} → ${roleName(details.to)}`;
  return Object.entries(details)
    .map(([key, value]) => `${key.replace(/_/g, " ")}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}

const columns: Column<AuditEntry>[] = [
  { key: "at", header: "When", primary: true, render: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
  {
    key: "action",
    header: "Action",
    render: (e) => (
      <span className="audit-action">
        {actionLabel(e.action)}
        <code className="audit-action__code">{e.action}</code>
      </span>
    ),
  },
  {
    key: "actor",
    header: "By",
    render: (e) => <PersonCell name={e.actor.name} detail={e.ip && `from ${e.ip}`} />,
  },
  {
    key: "target",
    header: "On",
    render: (e) =>
      e.target ? (
        <span className="audit-target">
          <span className="muted">{e.target.type}</span> {e.target.label ? <Email address={e.target.label} /> : e.target.id !== null ? `#${e.target.id}` : ""}
        </span>
      ) : (
        "—"
      ),
  },
  { key: "details", header: "Details", render: (e) => describeDetails(e) || "—" },
];

export function AdminAuditPage() {
  const [action, setAction] = useState("");
  const [actorText, setActorText] = useState("");
  const actor = useDebounced(actorText.trim());
  const paging = usePagedSearch(`${action}\n${actor}`);
  const filters = { q: paging.q, action, actor, page: paging.page, per_page: PER_PAGE };
  const log = useLoad(JSON.stringify(filters), (signal) => listAuditLog(filters, { signal, fallback: AUDIT_LOAD_FAILED }));
  useStayInRange(log.data, log.loading, paging.setPage);

  // The action list comes with every answer; keep the last one while the next page loads.
  const [actions, setActions] = useState<string[]>([]);
  if (log.data && log.data.actions.join() !== actions.join()) setActions(log.data.actions);

  const filtered = Boolean(paging.q || action || actor);
  return (
    <AdminFrame title="Audit Log" description="Every administrative action, newest first: who did what, to what, when and from where.">
      <PagedList
        list={log}
        failed={AUDIT_LOAD_FAILED}
        noun="entries"
        caption="Audit log"
        columns={columns}
        rowKey={(e) => e.id}
        onPage={paging.setPage}
        empty={
          <EmptyState icon="clock" title={filtered ? "No entries match these filters." : "Nothing has been recorded yet."}>
            {filtered ? "Try another action, person or search." : "Administrative actions (role changes, deletions, reset links) appear here."}
          </EmptyState>
        }
        filters={
          <>
            <Select
              label="Action"
              value={action}
              placeholder="All actions"
              hint="Only this kind of action."
              options={actions.map((a) => ({ value: a, label: actionLabel(a) === a ? a : `${actionLabel(a)} (${a})` }))}
              onChange={(event) => setAction(event.target.value)}
            />
            <TextField label="By" hint="A username, or cli for the terminal." value={actorText} onValueChange={setActorText} />
            <TextField label="Search" type="search" hint="Words in the target or the actor." value={paging.search} onValueChange={paging.setSearch} />
          </>
        }
      />
    </AdminFrame>
  );
}
