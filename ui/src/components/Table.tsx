/** A data table that becomes a list of stacked cards below 640 px (each cell labelled by its column). */
import type { ReactNode } from "react";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  /** Plain-text column name for the stacked (phone) layout when `header` is not a string. */
  label?: string;
  render: (row: Row) => ReactNode;
  align?: "start" | "end";
  /** The row's main cell: shown as the card's heading on phones. */
  primary?: boolean;
}

export interface TableProps<Row> {
  caption: string;
  /** Hide the caption visually (it still names the table). */
  hideCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
}

export function Table<Row>({ caption, hideCaption = true, columns, rows, rowKey }: TableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={hideCaption ? "visually-hidden" : "table__caption"}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align === "end" ? "cell--end" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={column.label ?? (typeof column.header === "string" ? column.header : "")}
                  className={
                    [column.align === "end" && "cell--end", column.primary && "cell--primary"].filter(Boolean).join(" ") ||
                    undefined
                  }
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
