export interface ProgressBarProps {
  /** 0–100. */
  value: number;
  /** Visible label above the bar; also its accessible name. */
  label: string;
  /** Shows "n%" beside the label (default true). */
  showValue?: boolean;
  /** Text read out instead of the percent (e.g. "3 of 10 questions"). */
  valueText?: string;
  tone?: "primary" | "success";
}

export function ProgressBar({ value, label, showValue = true, valueText, tone = "primary" }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress">
      <div className="progress__top">
        <span className="progress__label">{label}</span>
        {showValue && <span className="progress__value">{valueText ?? `${percent}%`}</span>}
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
      >
        <div className={`progress__fill progress__fill--${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
