import type { AdminUserOut } from "../../src/admin/schema.ts";
import { bytes, when } from "./format.ts";
import { Table, type Cell } from "./table.ts";
import { createElement as h } from "react";

/** The user directory as a table, problems (disabled, unverified) in colour. */
export function UsersView({ users }: { users: AdminUserOut[] }) {
  const rows: Cell[][] = users.map((u) => [
    u.id,
    u.username,
    u.email,
    { text: u.role, color: u.role === "admin" ? "magenta" : undefined },
    { text: u.is_verified ? "yes" : "no", color: u.is_verified ? undefined : "yellow" },
    { text: u.disabled ? "disabled" : "active", color: u.disabled ? "red" : undefined },
    when(u.last_active_at),
    u.tests,
    u.results,
    u.files,
    bytes(u.storage_bytes),
  ]);
  return h(Table, {
    columns: [
      { header: "ID", align: "right" },
      { header: "Username" },
      { header: "E-mail" },
      { header: "Role" },
      { header: "Verified" },
      { header: "Status" },
      { header: "Last active" },
      { header: "Tests", align: "right" },
      { header: "Results", align: "right" },
      { header: "Files", align: "right" },
      { header: "Storage", align: "right" },
    ],
    rows,
  });
}
