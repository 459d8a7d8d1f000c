/**
 * The confirmation before deleting one record: Cancel, or Delete, which runs `remove`, says so in a
 * toast, and reports a failure in the dialog. Open while `target` is set.
 */
import type { ReactNode } from "react";
import { errorMessage } from "../api/client.ts";
import { useToast } from "../hooks/toast.tsx";
import { useAction } from "../hooks/useAction.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";

export interface DeleteDialogProps<T> {
  target: T | null;
  title: string;
  /** Deletes the record on the server. */
  remove: (target: T) => Promise<void>;
  /** The toast after it is done, e.g. `Deleted the goal "Take 3 tests".` */
  done: (target: T) => string;
  /** The message when it fails and the server says nothing. */
  failed: string;
  onClose: () => void;
  onDeleted: () => void;
  children: ReactNode;
}

export function DeleteDialog<T>({ target, title, remove, done, failed, onClose, onDeleted, children }: DeleteDialogProps<T>) {
  const action = useAction();
  const toast = useToast();
  async function onConfirm() {
    if (!target) return;
    const removed = await action.run(async () => {
      await remove(target);
      return true;
    }, (err) => errorMessage(err, failed));
    if (!removed) return;
    toast.show(done(target), { kind: "success" });
    onDeleted();
  }
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      onCancel={() => {
        action.setError(null);
        onClose();
      }}
      onConfirm={() => void onConfirm()}
      variant="danger"
      confirmLabel="Delete"
      busy={action.busy}
      busyLabel="Deleting…"
      error={action.error}
    >
      {children}
    </ConfirmDialog>
  );
}
