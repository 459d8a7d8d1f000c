/**
 * `/classes`: the student's classes, each with an optional syllabus (a PDF that is uploaded and
 * scanned like any study guide). Add with a name and a syllabus; open a class; remove one. A student
 * also joins a teacher's class with its code (and can leave it); a teacher's classes get join codes.
 */
import { useRef, useState } from "react";
import { Link } from "wouter";
import { addClass, ADD_CLASS_FAILED, listClasses, LOAD_CLASSES_FAILED, removeClass, REMOVE_CLASS_FAILED, type StudyClass } from "../api/classes.ts";
import { errorMessage } from "../api/client.ts";
import { Button, ButtonLink } from "../components/Button.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { FileField, TextField } from "../components/Field.tsx";
import { RecordsPage } from "../components/RecordsPage.tsx";
import { RowDeleteButton } from "../components/RowDeleteButton.tsx";
import { SubmitForm } from "../components/SubmitForm.tsx";
import { Table, type Column } from "../components/Table.tsx";
import { formatDateTime, plural } from "../format.ts";
import { useSession } from "../hooks/session.tsx";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { useNameField } from "../hooks/useNameField.ts";
import "../styles/organiser.css";
import "../styles/classroom.css";
import { checkFile } from "./UploadPage.tsx";
import { ACCEPT, ACCEPTED_KINDS } from "./upload/accepted.ts";
import { removeMember } from "../api/teaching.ts";
import { JoinClassCard } from "./teaching/JoinClassCard.tsx";

export const CLASS_NAME_EMPTY = "Class name cannot be empty.";
export const NO_CLASSES = "No classes available.";

function AddClassForm({ onAdded }: { onAdded: (added: StudyClass) => void }) {
  const { config } = useSession();
  const name = useNameField(CLASS_NAME_EMPTY);
  const [syllabus, setSyllabus] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const add = useAction();
  const fileRef = useRef<HTMLInputElement>(null);

  function choose(file: File | null) {
    const problem = file ? checkFile(file, config.max_upload_mb) : null;
    setFileError(problem);
    setSyllabus(problem ? null : file);
    if (problem && fileRef.current) fileRef.current.value = "";
  }

  async function onSubmit() {
    const chosen = add.busy ? null : name.take();
    if (!chosen) return;
    setScanning(false);
    const added = await add.run(
      () => addClass(chosen, syllabus, (sent) => setScanning(syllabus !== null && sent >= 100)),
      (err) => errorMessage(err, ADD_CLASS_FAILED),
    );
    setScanning(false);
    if (!added) return;
    name.clear();
    setSyllabus(null);
    if (fileRef.current) fileRef.current.value = "";
    onAdded(added);
  }

  return (
    <SubmitForm onSubmit={onSubmit} error={add.error}>
      <TextField label="Class name" {...name.props} />
      <FileField
        label="Syllabus (optional)"
        ref={fileRef}
        accept={ACCEPT}
        onChoose={choose}
        error={fileError}
        disabled={add.busy}
        hint={`${ACCEPTED_KINDS}, up to ${config.max_upload_mb} MB. It is added to your study guides, so you can make tests from it.`}
      />
      <div className="button-row">
        <Button type="submit" variant="primary" busy={add.busy} busyLabel={scanning ? "Scanning the syllabus…" : syllabus ? "Uploading…" : "Adding…"}>
          Add Class
        </Button>
      </div>
    </SubmitForm>
  );
}

function ClassList({ classes, onRemove }: { classes: StudyClass[]; onRemove: (c: StudyClass) => void }) {
  const columns: Column<StudyClass>[] = [
    { key: "name", header: "Class", primary: true, render: (c) => <Link href={`/classes/${c.id}`}>{c.name}</Link> },
    {
      key: "syllabus",
      header: "Syllabus",
      render: (c) => (c.syllabus ? <span className="filename" title={c.syllabus.filename}>{c.syllabus.filename}</span> : <span className="muted">None</span>),
    },
    { key: "materials", header: "Study guides", render: (c) => plural(c.material_count + (c.syllabus ? 1 : 0), "file") },
    {
      key: "teacher",
      header: "Teacher",
      render: (c) => (c.role === "member" ? c.teacher : c.role === "teacher" ? `You · ${plural(c.member_count, "member")}` : <span className="muted">Your own</span>),
    },
    { key: "created", header: "Added", render: (c) => formatDateTime(c.created_at) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (c) => (
        <div className="row-actions">
          <ButtonLink href={`/classes/${c.id}`} size="sm">
            Open<span className="visually-hidden"> {c.name}</span>
          </ButtonLink>
          <RowDeleteButton name={c.name} label={c.role === "member" ? "Leave" : "Remove"} onClick={() => onRemove(c)} />
        </div>
      ),
    },
  ];
  return <Table caption="Your classes" columns={columns} rows={classes} rowKey={(c) => c.id} />;
}

export function ClassesPage() {
  const classes = useLoad("classes", (signal) => listClasses({ signal }));
  const { user } = useSession();
  return (
    <RecordsPage
      title="Classes"
      description="Keep each class's syllabus, study guides and practice tests in one place."
      noun="class"
      nounPlural="classes"
      records={classes}
      addForm={(onAdded) => <AddClassForm onAdded={onAdded} />}
      addedNote={(added) => (
        <>
          Added <Link href={`/classes/${added.id}`}>{added.name}</Link>
          {added.syllabus ? ` with its syllabus "${added.syllabus.filename}".` : "."}
        </>
      )}
      loadFailed={LOAD_CLASSES_FAILED}
      empty={
        <EmptyState icon="compass" title={NO_CLASSES}>
          Add a class above to keep its syllabus, study guides and tests together.
        </EmptyState>
      }
      list={(rows, onRemove) => <ClassList classes={rows} onRemove={onRemove} />}
      extra={user?.role === "student" ? <JoinClassCard /> : undefined}
      remove={(c) => (c.role === "member" && user ? removeMember(c.id, user.id) : removeClass(c.id))}
      removeFailed={REMOVE_CLASS_FAILED}
      removeNote="Its syllabus and study guides stay in your files, and your tests keep their questions. Leaving a teacher's class takes you off its list; you can join again with its code."
    />
  );
}
