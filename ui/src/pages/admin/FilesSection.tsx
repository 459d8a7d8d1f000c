/** Every user's study guides: search by file name or owner, page, and delete any of them. */
import { useState } from "react";
import { listAllFiles, type AdminFileOut } from "../../api/admin.ts";
import { deleteFile } from "../../api/files.ts";
import { EmptyState } from "../../components/EmptyState.tsx";
import { TextField } from "../../components/Field.tsx";
import { RowDeleteButton } from "../../components/RowDeleteButton.tsx";
import type { Column } from "../../components/Table.tsx";
import { formatDateTime } from "../../format.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { PersonCell } from "./cells.tsx";
import { DeleteDialog } from "./DeleteDialog.tsx";
import { PagedList } from "./PagedList.tsx";
import { formatBytes } from "./format.ts";
import { usePagedSearch, useStayInRange } from "./usePagedSearch.ts";
import { LOAD_FAILED, PER_PAGE } from "./UsersSection.tsx";

export const DELETE_FILE_FAILED = "Failed to delete file. Please try again.";

export function FilesSection() {
  const paging = usePagedSearch();
  const [deleting, setDeleting] = useState<AdminFileOut | null>(null);
  const filters = { q: paging.q, page: paging.page, per_page: PER_PAGE };
  const files = useLoad(JSON.stringify(filters), (signal) => listAllFiles(filters, { signal, fallback: LOAD_FAILED }));
  useStayInRange(files.data, files.loading, paging.setPage);

  const columns: Column<AdminFileOut>[] = [
    {
      key: "filename",
      header: "File",
      primary: true,
      render: (f) => (
        <span className="filename" title={f.filename}>
          {f.filename}
        </span>
      ),
    },
    {
      key: "owner",
      header: "Owner",
      render: (f) => (f.owner ? <PersonCell name={f.owner.username} detail={f.owner.email} /> : <span className="muted">Unknown</span>),
    },
    { key: "size", header: "Size", align: "end", render: (f) => formatBytes(f.size_bytes) },
    { key: "pages", header: "Pages", align: "end", render: (f) => f.pages.toLocaleString() },
    { key: "uploaded", header: "Uploaded", render: (f) => formatDateTime(f.uploaded_at) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (f) => <RowDeleteButton name={f.filename} onClick={() => setDeleting(f)} />,
    },
  ];

  return (
    <PagedList
      title="Files"
      list={files}
      failed={LOAD_FAILED}
      noun="files"
      caption="Files"
      columns={columns}
      rowKey={(f) => f.id}
      onPage={paging.setPage}
      empty={
        <EmptyState icon="file" title={paging.q ? "No files match this search." : "No files yet."}>
          {paging.q ? "Try another file name, owner's name or email." : "Files appear here when users upload study guides."}
        </EmptyState>
      }
      filters={
        <TextField label="Search files" type="search" placeholder="File name, owner's name or email" value={paging.search} onValueChange={paging.setSearch} />
      }
    >
      <DeleteDialog
        item={deleting}
        title="Delete this file?"
        confirmLabel="Delete file"
        failed={DELETE_FILE_FAILED}
        remove={(f, fallback) => deleteFile(f.id, { fallback })}
        done={(f) => `Deleted "${f.filename}".`}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          files.reload();
        }}
      >
        {(f) => (
          <p>
            <strong className="filename filename--wrap">{f.filename}</strong>
            {f.owner ? ` (${f.owner.username}'s)` : ""} will be removed. Tests made from it keep their questions.
          </p>
        )}
      </DeleteDialog>
    </PagedList>
  );
}
