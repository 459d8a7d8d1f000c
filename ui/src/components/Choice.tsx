/**
 * Large, full-width choices on native radios and checkboxes (so Tab, the arrow
 * keys and Space work as everywhere), grouped in a fieldset with a legend.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { Icon } from "./Icon.tsx";

export interface ChoiceGroupProps {
  /** Names the group (a question, "Question types"). */
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}

export function ChoiceGroup({ legend, hint, error, className, children }: ChoiceGroupProps) {
  const errorId = useId();
  return (
    <fieldset
      className={["choice-group", error && "choice-group--invalid", className].filter(Boolean).join(" ")}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="choice-group__legend">{legend}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      <div className="choice-group__items">{children}</div>
      {error && (
        <p className="field__error" id={errorId}>
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  );
}

export interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  type?: "radio" | "checkbox";
  label: ReactNode;
}

export function Choice({ type = "radio", label, className, ...input }: ChoiceProps) {
  return (
    <label className={className ? `choice ${className}` : "choice"}>
      <input {...input} type={type} className="choice__input" />
      <span className="choice__label">{label}</span>
    </label>
  );
}
