/** A teacher's class: its members, a student added by e-mail, and a member removed. */
import { useState } from "react";
import { errorMessage } from "../../api/client.ts";
import { addMember, listMembers, removeMember, type MemberOut } from "../../api/teaching.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { EmailField } from "../../components/Field.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { RowDeleteButton } from "../../components/RowDeleteButton.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { SubmitForm } from "../../components/SubmitForm.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime } from "../../format.ts";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";

function AddMemberForm({ classId, onAdded }: { classId: number; onAdded: (m: MemberOut) => void }) {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const add = useAction();
  return (
    <SubmitForm
      error={add.error}
      onSubmit={async () => {
        if (!email.trim()) return setFieldError("Enter the student's e-mail address.");
        setFieldError(null);
        const added = await add.run(() => addMember(classId, email.trim()));
        if (!added) return;
        setEmail("");
        onAdded(added);
      }}
    >
      <div className="inline-form">
        <EmailField label="Add a student by e-mail" value={email} onValueChange={setEmail} error={fieldError} autoComplete="off" />
        <Button type="submit" busy={add.busy} busyLabel="Adding…">
          Add student
        </Button>
      </div>
    </SubmitForm>
  );
}

export function MembersCard({ classId, className }: { classId: number; className: string }) {
  const members = useLoad(`members:${classId}`, (signal) => listMembers(classId, { signal }));
  const remove = useAction();
  const toast = useToast();
  const columns: Column<MemberOut>[] = [
    { key: "name", header: "Student", primary: true, render: (m) => m.username },
    { key: "email", header: "E-mail", render: (m) => <span className="filename">{m.email}</span> },
    { key: "joined", header: "Joined", render: (m) => formatDateTime(m.joined_at) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (m) => (
        <RowDeleteButton
          name={`${m.username} from ${className}`}
          label="Remove"
          onClick={() =>
            void remove.run(async () => {
              await removeMember(classId, m.user_id);
              toast.show(`Removed ${m.username} from ${className}.`, { kind: "success" });
              members.reload();
            })
          }
        />
      ),
    },
  ];

  let list;
  if (members.failed) list = <RetryAlert onRetry={members.reload}>{errorMessage(members.error, "Failed to load the members.")}</RetryAlert>;
  else if (!members.data) list = <Spinner label="Loading the members…" />;
  else if (members.data.length === 0) list = <p className="muted">No students yet. Share the join code, or add them by e-mail.</p>;
  else list = <Table caption={`Members of ${className}`} columns={columns} rows={members.data} rowKey={(m) => m.user_id} />;

  return (
    <Card title={members.data ? `Members (${members.data.length})` : "Members"}>
      <div className="stack">
        {remove.error && <Alert kind="error">{remove.error}</Alert>}
        {list}
        <AddMemberForm
          classId={classId}
          onAdded={(m) => {
            toast.show(`${m.username} is a member of ${className}.`, { kind: "success" });
            members.reload();
          }}
        />
      </div>
    </Card>
  );
}
