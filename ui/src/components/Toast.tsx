import type { ToastItem } from "../hooks/toast.tsx";
import { Icon } from "./Icon.tsx";

const icons = { success: "success", error: "alert", info: "info" } as const;

/** Where toasts appear; rendered once by ToastProvider. Use `useToast().show()` to add one. */
export function ToastViewport({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts" role="region" aria-label="Notifications">
      <div aria-live="polite" aria-atomic="false" className="toasts__list">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : undefined}>
            <Icon name={icons[toast.kind]} className="toast__icon" />
            <p className="toast__message">{toast.message}</p>
            <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)}>
              <Icon name="x" size={18} label="Dismiss" />
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
