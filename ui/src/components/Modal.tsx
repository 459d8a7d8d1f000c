/**
 * A modal dialog on the native <dialog>: the rest of the page is inert while it
 * is open (focus stays inside), Escape closes it, and focus returns to the
 * control that opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Icon } from "./Icon.tsx";

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom, primary action last. */
  footer?: ReactNode;
  /** Blocks Escape and the close button (while an action runs). */
  dismissible?: boolean;
  /** Shows the × button in the corner (default true); a blocking dialog offers its own way out instead. */
  closeButton?: boolean;
  /** Extra class on the dialog (e.g. `modal--blocking`). */
  className?: string;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  dismissible = true,
  closeButton = true,
  className,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Focus the first control of the body (a field), else the first control at all.
      const body = dialog.querySelector(".modal__body");
      (body?.querySelector<HTMLElement>(focusable) ?? dialog.querySelector<HTMLElement>(focusable))?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Return focus when the dialog closes for any reason (including unmount).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const restore = () => returnFocus.current?.focus();
    dialog.addEventListener("close", restore);
    return () => dialog.removeEventListener("close", restore);
  }, []);

  // Keep Tab inside the dialog even where the browser would move to its own chrome.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const items = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(focusable) ?? []);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current && dismissible) onClose();
      }}
    >
      {open && (
        <div className="modal__content">
          <div className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {closeButton && (
              <button type="button" className="modal__close" onClick={onClose} disabled={!dismissible}>
                <Icon name="x" label="Close" />
              </button>
            )}
          </div>
          <div className="modal__body">{children}</div>
          {footer && <div className="modal__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
