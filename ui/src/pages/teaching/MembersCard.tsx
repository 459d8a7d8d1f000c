/** A teacher's class: its members, a student added by e-mail, and a member removed. */
import { useState } from "react";
import { addMember, listMembers, removeMember, type MemberOut } from "../../api/teaching.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { EmailField } from "../../components/Field.tsx";
import { SubmitForm } from "../../components/SubmitForm.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime } from "../../format.ts";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { LoadedList } from "./LoadedList.tsx";
import { removeColumn } from "./remove-column.tsx";

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
    removeColumn(
      (m) => `${m.username} from ${className}`,
      (m) =>
        void remove.run(async () => {
          await removeMember(classId, m.user_id);
          toast.show(`Removed ${m.username} from ${className}.`, { kind: "success" });
          members.reload();
        }),
    ),
  ];

  return (
    <Card title={members.data ? `Members (${members.data.length})` : "Members"}>
      <div className="stack">
        {remove.error && <Alert kind="error">{remove.error}</Alert>}
        <LoadedList loaded={members} failed="Failed to load the members." loading="Loading the members…" empty={<p className="muted">No students yet. Share the join code, or add them by e-mail.</p>}>
          {(rows) => <Table caption={`Members of ${className}`} columns={columns} rows={rows} rowKey={(m) => m.user_id} />}
        </LoadedList>
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
