import { Box } from "ink";
import { createElement as h } from "react";
import type { TableCount } from "../../src/core/table-copy.ts";
import { Table } from "./table.ts";

/** Each table's rows in the source and the target of a copy; a difference in red. */
export function TableCountsView({ tables, source, target }: { tables: TableCount[]; source: string; target: string }) {
  return h(
    Box,
    { flexDirection: "column" },
    h(Table, {
      columns: [{ header: "table" }, { header: source, align: "right" }, { header: target, align: "right" }],
      rows: tables.map((t) => [t.table, t.source, t.source === t.target ? t.target : { text: String(t.target), color: "red" }]),
    }),
  );
}
