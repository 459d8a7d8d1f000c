export interface ProgressBarProps {
  /** 0–100; ignored when `indeterminate`. */
  value?: number;
  /** Visible label above the bar; also its accessible name. */
  label: string;
  /** Shows "n%" beside the label (default true). */
  showValue?: boolean;
  /** Text shown and read out instead of the percent (e.g. "3 of 10 questions"). */
  valueText?: string;
  tone?: "primary" | "success";
  /** Work whose length is unknown (a scan): a moving bar and no value. */
  indeterminate?: boolean;
}

export function ProgressBar({ value = 0, label, showValue = true, valueText, tone = "primary", indeterminate = false }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={indeterminate ? "progress progress--indeterminate" : "progress"}>
      <div className="progress__top">
        <span className="progress__label">{label}</span>
        {showValue && !indeterminate && <span className="progress__value">{valueText ?? `${percent}%`}</span>}
        {indeterminate && valueText && <span className="progress__value">{valueText}</span>}
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={indeterminate ? undefined : percent}
        aria-valuetext={valueText}
      >
        <div
          className={`progress__fill progress__fill--${tone}`}
          style={indeterminate ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
