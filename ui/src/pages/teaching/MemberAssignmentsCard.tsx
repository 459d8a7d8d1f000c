/** A member's view of a teacher's class: its assignments with their state, and Take or Review. */
import { Link } from "wouter";
import { listClassAssignments, type MyAssignmentOut } from "../../api/teaching.ts";
import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ExportMenu } from "../../components/ExportMenu.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime, formatPercent } from "../../format.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { attemptsText, canTake, takeHref } from "./assignment-text.ts";
import { LoadedList } from "./LoadedList.tsx";
import { StateBadge } from "./StateBadge.tsx";

export function AssignmentAction({ assignment: a }: { assignment: MyAssignmentOut }) {
  if (!a.open) return <span className="muted">Opens {a.opens_at ? formatDateTime(a.opens_at) : ""}</span>;
  if (canTake(a)) {
    return (
      <ButtonLink href={takeHref(a)} size="sm" variant={a.attempts_used === 0 ? "primary" : "secondary"}>
        {a.attempts_used === 0 ? "Take" : "Take again"}
        <span className="visually-hidden"> {a.test_name}</span>
      </ButtonLink>
    );
  }
  return a.latest_result_id ? <Link href={`/test-results?result=${a.latest_result_id}`}>Review your attempt</Link> : <span className="muted">{a.answers_shown ? "Closed: the answers are shown" : "No attempts left"}</span>;
}

export function MemberAssignmentsCard({ classId, className }: { classId: number; className: string }) {
  const assignments = useLoad(`assignments:${classId}`, (signal) => listClassAssignments<MyAssignmentOut>(classId, { signal }));
  const columns: Column<MyAssignmentOut>[] = [
    { key: "test", header: "Test", primary: true, render: (a) => a.test_name },
    { key: "due", header: "Due", render: (a) => (a.due_at ? formatDateTime(a.due_at) : "No due date") },
    { key: "state", header: "State", render: (a) => <StateBadge state={a.state} /> },
    { key: "attempts", header: "Attempts", align: "end", render: attemptsText },
    { key: "best", header: "Best score", align: "end", render: (a) => formatPercent(a.best_score) },
    {
      key: "action",
      header: <span className="visually-hidden">Action</span>,
      label: "",
      align: "end",
      render: (a) => (
        <div className="row-actions">
          <AssignmentAction assignment={a} />
          {/* The server allows it (the teacher's leave, and the answers may be shown to this member now). */}
          {a.may_export && <ExportMenu testId={a.test_id} name={a.test_name} size="sm" />}
        </div>
      ),
    },
  ];
  return (
    <Card title="Assignments">
      <LoadedList loaded={assignments} failed="Failed to load the assignments." loading="Loading the assignments…" empty={<p className="muted">Your teacher has not assigned a test in this class yet.</p>}>
        {(rows) => <Table caption={`Assignments in ${className}`} columns={columns} rows={rows} rowKey={(a) => a.id} />}
      </LoadedList>
    </Card>
  );
}
