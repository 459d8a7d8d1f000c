/** The upload history: every study guide with its date, size and pages, to use, download or delete. */
import { useState } from "react";
import { deleteFile, fileDownloadUrl } from "../../api/files.ts";
import type { StudyFile } from "../../api/types.ts";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Icon } from "../../components/Icon.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime, formatKb } from "../../format.ts";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";

export const DELETE_FAILED = "Failed to delete file.";

function DeleteDialog({ file, onClose, onDeleted }: { file: StudyFile | null; onClose: () => void; onDeleted: () => void }) {
  const remove = useAction();
  const toast = useToast();

  function close() {
    remove.setError(null);
    onClose();
  }

  async function onDelete() {
    if (!file) return;
    await remove.run(
      async () => {
        await deleteFile(file.file_id);
        toast.show(`Deleted "${file.filename}".`, { kind: "success" });
        onDeleted();
      },
      () => DELETE_FAILED,
    );
  }

  return (
    <ConfirmDialog
      open={file !== null}
      title="Delete this study guide?"
      onCancel={close}
      onConfirm={() => void onDelete()}
      variant="danger"
      confirmLabel="Delete"
      busy={remove.busy}
      busyLabel="Deleting…"
      error={remove.error}
    >
      <p>
        <strong className="filename filename--wrap">{file?.filename}</strong> will be removed from your library. Tests
        you made from it keep their questions.
      </p>
    </ConfirmDialog>
  );
}

export function UploadHistory({ files, onChanged }: { files: StudyFile[]; onChanged: () => void }) {
  const [deleting, setDeleting] = useState<StudyFile | null>(null);

  if (files.length === 0) {
    return <EmptyState icon="file" title="No study guides yet. Upload your first one." />;
  }

  const columns: Column<StudyFile>[] = [
    {
      key: "filename",
      header: "Filename",
      primary: true,
      render: (file) => (
        <span className="filename" title={file.filename}>
          {file.filename}
        </span>
      ),
    },
    { key: "uploaded", header: "Uploaded", render: (file) => formatDateTime(file.uploadedAt) },
    { key: "size", header: "Size", align: "end", render: (file) => formatKb(file.size) },
    { key: "pages", header: "Pages", align: "end", render: (file) => file.pages },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (file) => (
        <div className="row-actions">
          <ButtonLink href={`/testgenerator?file=${file.file_id}`} size="sm" variant="secondary">
            Generate test<span className="visually-hidden"> from {file.filename}</span>
          </ButtonLink>
          <a className="btn btn--ghost btn--sm" href={fileDownloadUrl(file.file_id)} download={file.filename}>
            <Icon name="download" size={18} />
            Download<span className="visually-hidden"> {file.filename}</span>
          </a>
          <Button size="sm" variant="ghost" className="btn--quiet-danger" onClick={() => setDeleting(file)}>
            <Icon name="trash" size={18} />
            Delete<span className="visually-hidden"> {file.filename}</span>
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <Table caption="Upload History" columns={columns} rows={files} rowKey={(file) => file.file_id} />
      <DeleteDialog
        file={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          onChanged();
        }}
      />
    </>
  );
}
