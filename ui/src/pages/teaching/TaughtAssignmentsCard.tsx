/** A teacher's class: its assignments with how many members submitted, "Assign a test", and removal. */
import { useState } from "react";
import type { StudyClassDetail } from "../../api/classes.ts";
import { deleteAssignment, listClassAssignments, type TaughtAssignmentOut } from "../../api/teaching.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime } from "../../format.ts";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { AssignDialog } from "./AssignDialog.tsx";
import { LoadedList } from "./LoadedList.tsx";
import { removeColumn } from "./remove-column.tsx";
import { SHOW_ANSWERS_LABELS } from "./assignment-text.ts";

export function TaughtAssignmentsCard({ detail }: { detail: StudyClassDetail }) {
  const assignments = useLoad(`assignments:${detail.id}`, (signal) => listClassAssignments<TaughtAssignmentOut>(detail.id, { signal }));
  const [assigning, setAssigning] = useState(false);
  const remove = useAction();
  const toast = useToast();
  const columns: Column<TaughtAssignmentOut>[] = [
    { key: "test", header: "Test", primary: true, render: (a) => a.test_name },
    { key: "opens", header: "Opens", render: (a) => (a.opens_at ? formatDateTime(a.opens_at) : "At once") },
    { key: "due", header: "Due", render: (a) => (a.due_at ? formatDateTime(a.due_at) : "No due date") },
    { key: "attempts", header: "Attempts", align: "end", render: (a) => a.attempts_allowed },
    { key: "answers", header: "Answers shown", render: (a) => SHOW_ANSWERS_LABELS[a.show_answers_after] },
    { key: "submitted", header: "Submitted", align: "end", render: (a) => `${a.submitted_count} of ${a.member_count}` },
    removeColumn(
      (a) => `the assignment ${a.test_name}`,
      (a) =>
        void remove.run(async () => {
          await deleteAssignment(detail.id, a.id);
          toast.show(`Removed the assignment "${a.test_name}". Attempts already made stay in the students' results.`, { kind: "success" });
          assignments.reload();
        }),
    ),
  ];

  return (
    <Card
      title="Assignments"
      actions={
        <Button size="sm" variant="primary" onClick={() => setAssigning(true)}>
          Assign a test
        </Button>
      }
    >
      <div className="stack">
        {remove.error && <Alert kind="error">{remove.error}</Alert>}
        <LoadedList loaded={assignments} failed="Failed to load the assignments." loading="Loading the assignments…" empty={<p className="muted">No assignments yet. Assign one of your tests to the class.</p>}>
          {(rows) => <Table caption={`Assignments of ${detail.name}`} columns={columns} rows={rows} rowKey={(a) => a.id} />}
        </LoadedList>
      </div>
      <AssignDialog
        open={assigning}
        detail={detail}
        assignedTests={new Set(assignments.data?.map((a) => a.test_id))}
        onClose={() => setAssigning(false)}
        onAssigned={(a) => {
          setAssigning(false);
          toast.show(`Assigned "${a.test_name}" to ${detail.name}. Its members were notified.`, { kind: "success" });
          assignments.reload();
        }}
      />
    </Card>
  );
}
