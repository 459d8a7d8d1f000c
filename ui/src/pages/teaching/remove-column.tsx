/** The last column of a roster or assignment table: Remove, named after its row for screen readers. */
import type { Column } from "../../components/Table.tsx";
import { RowDeleteButton } from "../../components/RowDeleteButton.tsx";

export function removeColumn<Row>(name: (row: Row) => string, onRemove: (row: Row) => void): Column<Row> {
  return {
    key: "actions",
    header: <span className="visually-hidden">Actions</span>,
    label: "",
    align: "end",
    render: (row) => <RowDeleteButton name={name(row)} label="Remove" onClick={() => onRemove(row)} />,
  };
}
