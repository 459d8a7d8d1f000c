/** The quiet Delete of a table row: red text and a bin, named after the row for screen readers. */
import { Button } from "./Button.tsx";
import { Icon } from "./Icon.tsx";

export function RowDeleteButton({ name, onClick, label = "Delete" }: { name: string; onClick: () => void; label?: string }) {
  return (
    <Button size="sm" variant="ghost" className="btn--quiet-danger" onClick={onClick}>
      <Icon name="trash" size={18} />
      {label}<span className="visually-hidden"> {name}</span>
    </Button>
  );
}
