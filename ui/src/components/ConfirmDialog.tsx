/** A question before an action that is hard to undo: Cancel, and the action (last, as on every dialog). */
import type { ReactNode } from "react";
import type { ButtonVariant } from "./Button.tsx";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { Modal } from "./Modal.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Called by the action button; leave out when the button submits `form` instead. */
  onConfirm?: () => void;
  onCancel: () => void;
  /** The id of a form in the body that the action button submits. */
  form?: string;
  variant?: ButtonVariant;
  /** While the action runs: a spinner, and no way to close. */
  busy?: boolean;
  busyLabel?: string;
  error?: string | null;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  onCancel,
  form,
  variant = "primary",
  busy = false,
  busyLabel,
  error,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      dismissible={!busy}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={variant}
            type={form ? "submit" : "button"}
            form={form}
            onClick={form ? undefined : onConfirm}
            busy={busy}
            busyLabel={busyLabel}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="stack">
        {error && <Alert kind="error">{error}</Alert>}
        {children}
      </div>
    </Modal>
  );
}
