/**
 * `/classes/{id}`: one class, with its syllabus, the study guides attached to it, the tests made
 * from them and their latest scores. "Generate a test" opens the generator with that guide chosen.
 * A teacher's class adds, for its teacher, the join code, the members and the assignments; for a
 * member, the class read-only with its assignments to take (and their own tests from its guides).
 */
import { useState } from "react";
import { Link, useParams } from "wouter";
import { attachMaterial, detachMaterial, getClass, type StudyClassDetail } from "../api/classes.ts";
import { ApiError, errorMessage } from "../api/client.ts";
import { listFiles } from "../api/files.ts";
import type { StudyFile } from "../api/types.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Select } from "../components/Field.tsx";
import { Page } from "../components/Page.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { RowDeleteButton } from "../components/RowDeleteButton.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { Table, type Column } from "../components/Table.tsx";
import { formatDateTime, formatKb, formatPercent, plural } from "../format.ts";
import { useToast } from "../hooks/toast.tsx";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import "../styles/organiser.css";
import "../styles/classroom.css";
import { parseId } from "../hooks/usePageId.ts";
import { JoinCodeCard, StartTeachingCard } from "./teaching/JoinCodeCard.tsx";
import { useSession } from "../hooks/session.tsx";
import { MemberAssignmentsCard } from "./teaching/MemberAssignmentsCard.tsx";
import { MembersCard } from "./teaching/MembersCard.tsx";
import { TaughtAssignmentsCard } from "./teaching/TaughtAssignmentsCard.tsx";

export const LOAD_CLASS_FAILED = "Failed to load this class. Please try again.";

type Material = StudyClassDetail["materials"][number];
type ClassTest = StudyClassDetail["tests"][number];

const generateHref = (fileId: number) => `/testgenerator?file=${fileId}`;

function AttachForm({ detail, onChanged }: { detail: StudyClassDetail; onChanged: (d: StudyClassDetail) => void }) {
  const files = useLoad("files", (signal) => listFiles({ signal }));
  const [choice, setChoice] = useState("");
  const attach = useAction();
  const taken = new Set([detail.syllabus?.file_id, ...detail.materials.map((m) => m.file_id)]);
  const available = (files.data ?? []).filter((f: StudyFile) => !taken.has(f.file_id));

  if (files.failed) return <RetryAlert onRetry={files.reload}>Failed to load your study guides.</RetryAlert>;
  if (!files.data) return null;
  if (available.length === 0) {
    return (
      <p className="muted">
        {files.data.length === 0 ? "You have no study guides yet." : "All your study guides are in this class."}{" "}
        <Link href="/upload">Upload a study guide</Link>
      </p>
    );
  }
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) return;
        void attach.run(async () => {
          onChanged(await attachMaterial(detail.id, Number(choice), { fallback: "Failed to add the study guide. Please try again." }));
          setChoice("");
        });
      }}
    >
      {attach.error && <Alert kind="error">{attach.error}</Alert>}
      <div className="inline-form">
        <Select
          label="Add one of your study guides"
          placeholder="Choose a study guide…"
          options={available.map((f) => ({ value: String(f.file_id), label: f.filename }))}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        />
        <Button type="submit" disabled={!choice} busy={attach.busy} busyLabel="Adding…">
          Add to class
        </Button>
      </div>
    </form>
  );
}

function MaterialList({ detail, onChanged }: { detail: StudyClassDetail; onChanged: () => void }) {
  const readOnly = detail.role === "member";
  const detach = useAction();
  const toast = useToast();
  const columns: Column<Material>[] = [
    { key: "filename", header: "Study guide", primary: true, render: (m) => <span className="filename" title={m.filename}>{m.filename}</span> },
    { key: "pages", header: "Pages", align: "end", render: (m) => m.pages },
    { key: "size", header: "Size", align: "end", render: (m) => formatKb(m.size) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (m) => (
        <div className="row-actions">
          <ButtonLink href={generateHref(m.file_id)} size="sm">
            Generate a test<span className="visually-hidden"> from {m.filename}</span>
          </ButtonLink>
          {readOnly && (
            <a className="btn btn--secondary btn--sm" href={`/api/files/${m.file_id}/download`} download>
              Download<span className="visually-hidden"> {m.filename}</span>
            </a>
          )}
          {!readOnly && <RowDeleteButton
            name={`${m.filename} from this class`}
            label="Remove"
            onClick={() =>
              void detach.run(async () => {
                await detachMaterial(detail.id, m.file_id, { fallback: "Failed to remove the study guide. Please try again." });
                toast.show(`Removed "${m.filename}" from ${detail.name}. It is still in your files.`, { kind: "success" });
                onChanged();
              })
            }
          />}
        </div>
      ),
    },
  ];
  return (
    <div className="stack">
      {detach.error && <Alert kind="error">{detach.error}</Alert>}
      {detail.materials.length === 0 ? (
        <p className="muted">{detail.syllabus ? "No study guides in this class yet besides its syllabus." : "No study guides in this class yet."}</p>
      ) : (
        <Table caption={`Study guides in ${detail.name}`} columns={columns} rows={detail.materials} rowKey={(m) => m.file_id} />
      )}
    </div>
  );
}

function TestList({ detail }: { detail: StudyClassDetail }) {
  const names = new Map<number, string>([
    ...(detail.syllabus ? [[detail.syllabus.file_id, detail.syllabus.filename] as const] : []),
    ...detail.materials.map((m) => [m.file_id, m.filename] as const),
  ]);
  if (detail.tests.length === 0) {
    return <EmptyState icon="sparkles" compact title="No tests from this class's study guides yet.">Generate a test from the syllabus or a study guide above.</EmptyState>;
  }
  const columns: Column<ClassTest>[] = [
    { key: "name", header: "Test", primary: true, render: (t) => <Link href={`/generated-test?id=${t.test_id}`}>{t.name}</Link> },
    { key: "from", header: "From", render: (t) => <span className="filename">{names.get(t.file_id) ?? "—"}</span> },
    { key: "created", header: "Made", render: (t) => formatDateTime(t.created_at) },
    {
      key: "score",
      header: "Latest score",
      align: "end",
      render: (t) =>
        t.latest ? (
          <Link href={`/test-results?result=${t.latest.result_id}`}>
            {formatPercent(t.latest.score)} ({t.latest.correct}/{t.latest.total})
          </Link>
        ) : (
          <Link href={`/take-test?id=${t.test_id}`}>
            Not taken yet<span className="visually-hidden">: take {t.name}</span>
          </Link>
        ),
    },
  ];
  return <Table caption={`Tests from ${detail.name}`} columns={columns} rows={detail.tests} rowKey={(t) => t.test_id} />;
}

export function ClassPage() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  const loaded = useLoad(id.kind === "ok" ? id.id : null, (signal) => getClass((id as { id: number }).id, { signal }));
  const detail = loaded.data;
  const { user } = useSession();

  if (id.kind !== "ok" || (loaded.error instanceof ApiError && loaded.error.status === 404)) {
    return (
      <Page title="Class not found">
        <Card>
          <EmptyState icon="compass" title="This class does not exist, or it is not yours." action={<ButtonLink href="/classes" variant="primary">Back to your classes</ButtonLink>} />
        </Card>
      </Page>
    );
  }
  if (!detail) {
    return (
      <Page title="Class">
        {loaded.failed ? <RetryAlert onRetry={loaded.reload}>{errorMessage(loaded.error, LOAD_CLASS_FAILED)}</RetryAlert> : <Spinner label="Loading the class…" />}
      </Page>
    );
  }

  const member = detail.role === "member";
  const guides = `${plural(detail.materials.length + (detail.syllabus ? 1 : 0), "study guide")} · ${plural(detail.tests.length, member ? "test of yours" : "test", member ? "tests of yours" : "tests")}`;
  return (
    <Page
      title={detail.name}
      description={member && detail.teacher ? `Taught by ${detail.teacher} · ${guides}` : guides}
      actions={
        <>
          {detail.role === "teacher" && (
            <ButtonLink href={`/classes/${detail.id}/results`}>Class results</ButtonLink>
          )}
          <ButtonLink href="/classes">All classes</ButtonLink>
        </>
      }
    >
      <div className="stack stack--lg">
        {detail.role === "teacher" && detail.join_code && <JoinCodeCard classId={detail.id} code={detail.join_code} />}
        {detail.role === "organiser" && user?.role === "teacher" && <StartTeachingCard classId={detail.id} onStarted={loaded.reload} />}
        {detail.role === "teacher" && <TaughtAssignmentsCard detail={detail} />}
        {member && <MemberAssignmentsCard classId={detail.id} className={detail.name} />}
        <Card title="Syllabus">
          {detail.syllabus ? (
            <div className="syllabus-row">
              <span className="filename filename--wrap">{detail.syllabus.filename}</span>
              <ButtonLink href={generateHref(detail.syllabus.file_id)} variant="primary">
                Generate a test<span className="visually-hidden"> from the syllabus</span>
              </ButtonLink>
            </div>
          ) : (
            <p className="muted">{member ? "This class has no syllabus." : "This class has no syllabus. Add your study guides to it below."}</p>
          )}
        </Card>
        <Card title="Study guides">
          <div className="stack">
            <MaterialList detail={detail} onChanged={loaded.reload} />
            {!member && <AttachForm detail={detail} onChanged={loaded.setData} />}
          </div>
        </Card>
        <Card title={member ? "Your practice tests and latest scores" : "Tests and latest scores"}>
          <TestList detail={detail} />
        </Card>
        {detail.role === "teacher" && <MembersCard classId={detail.id} className={detail.name} />}
      </div>
    </Page>
  );
}
