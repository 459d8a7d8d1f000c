export interface SpinnerProps {
  /** Announced to screen readers and shown beside the spinner unless `hideLabel`. */
  label?: string;
  hideLabel?: boolean;
  size?: "sm" | "md" | "lg";
}

export function Spinner({ label = "Loading…", hideLabel = false, size = "md" }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className={hideLabel ? "visually-hidden" : "spinner__label"}>{label}</span>
    </span>
  );
}

/** A spinner centred in the page, for whole-page loading states. */
export function PageSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="lg" />
    </div>
  );
}
