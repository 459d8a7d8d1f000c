/**
 * A confirmation before an administrator deletes something (a user, a file): Cancel or Delete, a
 * spinner while it runs, the server's reason (or the spec's message) when it fails, a toast when done.
 */
import type { ReactNode } from "react";
import { errorMessage } from "../../api/client.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";

export interface DeleteDialogProps<T> {
  /** What is to be deleted; null keeps the dialog closed. */
  item: T | null;
  title: string;
  confirmLabel: string;
  /** The message when the server gives no reason. */
  failed: string;
  remove: (item: T, fallback: string) => Promise<void>;
  /** The toast after it is gone. */
  done: (item: T) => string;
  children: (item: T) => ReactNode;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteDialog<T>({ item, title, confirmLabel, failed, remove, done, children, onClose, onDeleted }: DeleteDialogProps<T>) {
  const action = useAction();
  const toast = useToast();

  function close() {
    action.setError(null);
    onClose();
  }

  async function onDelete() {
    if (item === null) return;
    await action.run(
      async () => {
        await remove(item, failed);
        toast.show(done(item), { kind: "success" });
        onDeleted();
      },
      (err) => errorMessage(err, failed),
    );
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      onCancel={close}
      onConfirm={() => void onDelete()}
      variant="danger"
      confirmLabel={confirmLabel}
      busy={action.busy}
      busyLabel="Deleting…"
      error={action.error}
    >
      {item !== null && children(item)}
    </ConfirmDialog>
  );
}
