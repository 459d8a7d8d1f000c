/**
 * The people of the installation: search, filter by role, sort, page; each row with its role, status
 * and what the user has, and the ways to manage (role, disable, verify, reset link) or delete them.
 */
import { useState } from "react";
import { listUsers, type AdminUserOut, type Role, type SortOrder, type UserSort } from "../../api/admin.ts";
import { Button } from "../../components/Button.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Select, TextField } from "../../components/Field.tsx";
import { RowDeleteButton } from "../../components/RowDeleteButton.tsx";
import type { Column } from "../../components/Table.tsx";
import { useSession } from "../../hooks/session.tsx";
import { useLoad } from "../../hooks/useLoad.ts";
import { DeleteUserDialog } from "./DeleteUserDialog.tsx";
import { formatBytes, formatWhen, ROLE_LABELS, ROLES } from "./format.ts";
import { ManageUserDialog } from "./ManageUserDialog.tsx";
import { PagedList } from "./PagedList.tsx";
import { PersonCell, StatusBadge, YesNo } from "./cells.tsx";
import { usePagedSearch, useStayInRange } from "./usePagedSearch.ts";

export const LOAD_FAILED = "Failed to load admin data. Please try again.";
export const PER_PAGE = 25;

interface Sorting {
  sort: UserSort;
  order: SortOrder;
}

/** Names first A–Z, dates newest first: what one expects from a first click on a column. */
const firstOrder = (sort: UserSort): SortOrder => (sort === "created_at" || sort === "last_active_at" ? "desc" : "asc");

/** The sort select of phones, where the table's headers are hidden. */
const SORT_CHOICES: { value: string; label: string }[] = [
  { value: "created_at:desc", label: "Newest accounts first" },
  { value: "created_at:asc", label: "Oldest accounts first" },
  { value: "username:asc", label: "Username A–Z" },
  { value: "username:desc", label: "Username Z–A" },
  { value: "email:asc", label: "Email A–Z" },
  { value: "role:asc", label: "Role" },
  { value: "last_active_at:desc", label: "Recently active first" },
  { value: "last_active_at:asc", label: "Least recently active first" },
];

function SortHeader({ label, column, sorting, onSort }: { label: string; column: UserSort; sorting: Sorting; onSort: (s: Sorting) => void }) {
  const active = sorting.sort === column;
  const next: SortOrder = active ? (sorting.order === "asc" ? "desc" : "asc") : firstOrder(column);
  return (
    <button type="button" className={active ? "sort-button is-active" : "sort-button"} onClick={() => onSort({ sort: column, order: next })}>
      {label}
      <span className="sort-button__arrow" aria-hidden="true">
        {active ? (sorting.order === "asc" ? "▲" : "▼") : "↕"}
      </span>
      <span className="visually-hidden">
        {active ? `, sorted ${sorting.order === "asc" ? "ascending" : "descending"}` : ", sort"}
      </span>
    </button>
  );
}

/** How the user signs in (a password, school sign-in providers), under their e-mail: no column of its own, the table is wide enough. */
function signsInWith(u: AdminUserOut): string {
  return u.sign_in.length ? `Signs in with ${u.sign_in.join(", ")}` : "No password set yet";
}

export function UsersSection() {
  const { user: me } = useSession();
  const [role, setRole] = useState<Role | "">("");
  const [sorting, setSorting] = useState<Sorting>({ sort: "created_at", order: "desc" });
  const paging = usePagedSearch(`${role}:${sorting.sort}:${sorting.order}`);
  const [managing, setManaging] = useState<AdminUserOut | null>(null);
  const [deleting, setDeleting] = useState<AdminUserOut | null>(null);
  const { q } = paging;

  const filters = { q, role: role || undefined, ...sorting, page: paging.page, per_page: PER_PAGE };
  const users = useLoad(JSON.stringify(filters), (signal) => listUsers(filters, { signal, fallback: LOAD_FAILED }));
  useStayInRange(users.data, users.loading, paging.setPage);

  /** A user changed in the dialog: replace the row in place (the server's answer is the new row). */
  function onChanged(changed: AdminUserOut) {
    setManaging(changed);
    if (users.data) users.setData({ ...users.data, items: users.data.items.map((u) => (u.id === changed.id ? changed : u)) });
  }

  const sortHeader = (label: string, column: UserSort) => ({
    header: <SortHeader label={label} column={column} sorting={sorting} onSort={setSorting} />,
    label,
  });

  const columns: Column<AdminUserOut>[] = [
    {
      key: "user",
      ...sortHeader("User", "username"),
      primary: true,
      render: (u) => <PersonCell name={u.username} detail={u.email} note={u.id === me?.id && <span className="muted"> (you)</span>} more={signsInWith(u)} />,
    },
    { key: "role", ...sortHeader("Role", "role"), render: (u) => <span className={`role-badge role-badge--${u.role}`}>{ROLE_LABELS[u.role]}</span> },
    { key: "verified", header: "Verified", render: (u) => <YesNo value={u.is_verified} /> },
    { key: "status", header: "Status", render: (u) => <StatusBadge disabled={u.disabled} /> },
    { key: "last_active", ...sortHeader("Last active", "last_active_at"), render: (u) => formatWhen(u.last_active_at) },
    { key: "tests", header: "Tests", align: "end", render: (u) => u.tests.toLocaleString() },
    { key: "storage", header: "Storage", align: "end", render: (u) => formatBytes(u.storage_bytes) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (u) => (
        <div className="row-actions">
          <Button size="sm" onClick={() => setManaging(u)}>
            Manage<span className="visually-hidden"> {u.username}</span>
          </Button>
          <RowDeleteButton name={u.username} onClick={() => setDeleting(u)} />
        </div>
      ),
    },
  ];

  return (
    <PagedList
      title="Users"
      list={users}
      failed={LOAD_FAILED}
      noun="users"
      caption="Users"
      columns={columns}
      rowKey={(u) => u.id}
      onPage={paging.setPage}
      empty={
        <EmptyState icon="compass" title={q || role ? "No users match this search." : "No users yet."}>
          {(q || role) && "Try another name, email or role."}
        </EmptyState>
      }
      filters={
        <>
          <TextField label="Search users" type="search" placeholder="Name or email" value={paging.search} onValueChange={paging.setSearch} />
          <Select
            label="Role"
            value={role}
            placeholder="All roles"
            options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            onChange={(event) => setRole(event.target.value as Role | "")}
          />
          <Select
            label="Sort by"
            className="admin-filters__sort"
            value={`${sorting.sort}:${sorting.order}`}
            options={SORT_CHOICES}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(":") as [UserSort, SortOrder];
              setSorting({ sort, order });
            }}
          />
        </>
      }
    >
      <ManageUserDialog user={managing} onClose={() => setManaging(null)} onChanged={onChanged} />
      <DeleteUserDialog
        user={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          users.reload();
        }}
      />
    </PagedList>
  );
}
