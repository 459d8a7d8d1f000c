/**
 * `/classes/{id}/results`: a teacher's gradebook. An overview of every assignment (how many submitted,
 * late, missing, still to do, the average best score, a link to its item analysis), then one
 * assignment's table of members with their state, best and latest score, attempts and last submission
 * (asked for when chosen: every table at once is megabytes for a large class); and the grades as a CSV
 * download. Members and students get the server's refusal in words.
 */
import { useState } from "react";
import { useParams } from "wouter";
import { gradesCsvUrl, getClassResults, type AssignmentResultsOut, type ClassResultsOut, type MemberResultOut } from "../../api/class-results.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { itemAnalysisHref } from "../../api/item-analysis.ts";
import { Alert } from "../../components/Alert.tsx";
import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Select } from "../../components/Field.tsx";
import { Icon } from "../../components/Icon.tsx";
import { Page } from "../../components/Page.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime, formatPercent } from "../../format.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { parseId } from "../../hooks/usePageId.ts";
import { dueText } from "./assignment-text.ts";
import { MissingRecordPage } from "./MissingRecordPage.tsx";
import { StateBadge } from "./StateBadge.tsx";
import "../../styles/teaching.css";

export const RESULTS_FAILED = "Failed to load the class results. Please try again.";

type Member = ClassResultsOut["members"][number];
type Row = MemberResultOut & { member: Member };

const overviewColumns = (classId: number): Column<AssignmentResultsOut>[] => [
  { key: "test", header: "Assignment", primary: true, render: (a) => a.test_name },
  { key: "due", header: "Due", render: (a) => (a.due_at ? formatDateTime(a.due_at) : "No due date") },
  { key: "submitted", header: "Submitted", align: "end", render: (a) => a.counts.submitted },
  { key: "late", header: "Late", align: "end", render: (a) => a.counts.late },
  { key: "missed", header: "Missing", align: "end", render: (a) => a.counts.missed },
  { key: "to_do", header: "To do", align: "end", render: (a) => a.counts.to_do },
  { key: "average", header: "Average best", align: "end", render: (a) => formatPercent(a.average_best) },
  {
    key: "analysis",
    header: <span className="visually-hidden">Item analysis</span>,
    label: "",
    align: "end",
    render: (a) => (
      <ButtonLink href={itemAnalysisHref(a.test_id, classId)} size="sm" variant="ghost">
        Item analysis<span className="visually-hidden"> of {a.test_name}</span>
      </ButtonLink>
    ),
  },
];

const MEMBER_COLUMNS: Column<Row>[] = [
  {
    key: "student",
    header: "Student",
    primary: true,
    render: (r) => (
      <span className="person">
        <span>{r.member.username}</span>
        <span className="muted small">{r.member.email}</span>
      </span>
    ),
  },
  { key: "state", header: "Status", render: (r) => <StateBadge state={r.state} /> },
  { key: "best", header: "Best", align: "end", render: (r) => formatPercent(r.best_score) },
  { key: "latest", header: "Latest", align: "end", render: (r) => formatPercent(r.latest_score) },
  { key: "attempts", header: "Attempts", align: "end", render: (r) => r.attempts_used },
  { key: "submitted", header: "Last submitted", render: (r) => (r.submitted_at ? formatDateTime(r.submitted_at) : "—") },
];

function AssignmentTable({ data, assignment }: { data: ClassResultsOut; assignment: AssignmentResultsOut }) {
  const members = new Map(data.members.map((m) => [m.user_id, m]));
  const rows = (assignment.results ?? []).flatMap((r) => {
    const member = members.get(r.user_id);
    return member ? [{ ...r, member }] : [];
  });
  return (
    <>
      <p className="muted">
        {dueText(assignment.due_at)} · {assignment.attempts_allowed === 1 ? "1 attempt" : `${assignment.attempts_allowed} attempts`} allowed. Late means every attempt came
        after the due time; missing, none came by then.
      </p>
      <Table caption={`Results of ${assignment.test_name}`} columns={MEMBER_COLUMNS} rows={rows} rowKey={(r) => r.user_id} />
    </>
  );
}

function Gradebook({ data, chosen, onChoose, loading }: { data: ClassResultsOut; chosen: number | undefined; onChoose: (id: number) => void; loading: boolean }) {
  // The server sends one assignment's table: the one chosen, or the newest.
  const assignment = data.assignments.find((a) => a.results !== undefined) ?? data.assignments[data.assignments.length - 1];

  if (!assignment) {
    return (
      <Card>
        <EmptyState icon="chart" title="No assignments yet." action={<ButtonLink href={`/classes/${data.class_id}`} variant="primary">Assign a test on the class page</ButtonLink>}>
          Results appear here as your students submit.
        </EmptyState>
      </Card>
    );
  }
  return (
    <>
      {data.members.length === 0 && <Alert kind="info">Nobody has joined this class yet. Share its join code from the class page.</Alert>}
      <Card title="Assignments">
        <Table caption={`Assignments of ${data.class_name}`} columns={overviewColumns(data.class_id)} rows={data.assignments} rowKey={(a) => a.id} />
      </Card>
      {data.members.length > 0 && (
        <Card title="Results by student">
          <div className="stack">
            <Select
              label="Assignment"
              value={String(chosen ?? assignment.id)}
              onChange={(e) => onChoose(Number(e.target.value))}
              options={data.assignments.map((a) => ({ value: String(a.id), label: `${a.test_name} (${dueText(a.due_at)})` }))}
            />
            {loading && assignment.id !== chosen && chosen !== undefined ? <Spinner label="Loading the assignment's results…" /> : <AssignmentTable data={data} assignment={assignment} />}
          </div>
        </Card>
      )}
    </>
  );
}

export function ClassResultsPage() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const loaded = useLoad(id.kind === "ok" ? `${id.id}:${chosen ?? "newest"}` : null, (signal) => getClassResults((id as { id: number }).id, chosen, { signal, fallback: RESULTS_FAILED }));
  const data = loaded.data;

  if (id.kind !== "ok" || (loaded.error instanceof ApiError && loaded.error.status === 404)) {
    return <MissingRecordPage title="Class not found" message="This class does not exist, or it is not yours." back={{ href: "/classes", label: "Back to your classes" }} />;
  }
  return (
    <Page
      title="Results"
      description={data?.class_name}
      actions={
        <>
          <ButtonLink href={`/classes/${id.id}`}>Back to the class</ButtonLink>
          {data && data.assignments.length > 0 && (
            <a className="btn btn--primary" href={gradesCsvUrl(id.id)} download>
              <Icon name="download" />
              <span>Download grades (CSV)</span>
            </a>
          )}
        </>
      }
    >
      <div className="stack stack--lg">
        {loaded.failed ? (
          // A member or a student's own class is refused (403): trying again would not help.
          <RetryAlert onRetry={loaded.error instanceof ApiError && loaded.error.status === 403 ? undefined : loaded.reload}>{errorMessage(loaded.error, RESULTS_FAILED)}</RetryAlert>
        ) : !data ? (
          <Spinner label="Loading the results…" />
        ) : (
          <Gradebook data={data} chosen={chosen} onChoose={setChosen} loading={loaded.loading} />
        )}
      </div>
    </Page>
  );
}
