import { Box, Text } from "ink";
import { createElement as h, type ReactElement } from "react";

/** A cell: its text, and optionally a colour for terminals. */
export type Cell = string | number | { text: string; color?: string };

export interface Column {
  header: string;
  align?: "left" | "right";
}

const textOf = (c: Cell) => (typeof c === "object" ? c.text : String(c));
const colorOf = (c: Cell) => (typeof c === "object" ? c.color : undefined);

/** Columns padded to their widest cell, two spaces apart; the header in bold. */
export function Table({ columns, rows }: { columns: Column[]; rows: Cell[][] }): ReactElement {
  const widths = columns.map((col, i) => Math.max(col.header.length, ...rows.map((r) => textOf(r[i] ?? "").length)));
  const pad = (text: string, i: number) => (columns[i]?.align === "right" ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const line = (cells: Cell[], key: string | number, bold = false) =>
    h(
      Box,
      { key },
      ...cells.map((cell, i) => h(Text, { key: i, bold, color: colorOf(cell) }, pad(textOf(cell), i) + (i < cells.length - 1 ? "  " : ""))),
    );
  return h(Box, { flexDirection: "column" }, line(columns.map((c) => c.header), "header", true), ...rows.map((r, i) => line(r, i)));
}

/** A heading above a section of a view. */
export const Heading = ({ children }: { children: string }) => h(Box, { marginTop: 1 }, h(Text, { bold: true, color: "cyan" }, children));
