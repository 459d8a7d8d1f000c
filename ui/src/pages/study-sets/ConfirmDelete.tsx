/** "Delete …?" for a study set or a flashcard: the dialog runs `onDelete`, showing its failure in place. */
import type { ReactNode } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useAction } from "../../hooks/useAction.ts";

export function ConfirmDelete(props: { open: boolean; title: string; confirmLabel: string; onCancel: () => void; onDelete: () => Promise<void>; children: ReactNode }) {
  const action = useAction();
  return (
    <ConfirmDialog
      open={props.open}
      title={props.title}
      confirmLabel={props.confirmLabel}
      variant="danger"
      busy={action.busy}
      error={action.error}
      onCancel={props.onCancel}
      onConfirm={() => void action.run(props.onDelete)}
    >
      {props.children}
    </ConfirmDialog>
  );
}
