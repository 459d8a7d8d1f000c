/** Form controls with a visible label, an optional hint and an error tied to the control. */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { Icon } from "./Icon.tsx";

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Called with the new text (instead of reading `event.target.value` in `onChange`). */
  onValueChange?: (value: string) => void;
}

export function TextField({
  label,
  hint,
  error,
  id,
  className,
  type = "text",
  ref,
  onValueChange,
  onChange,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === "password";
  const input = (
    <input
      {...rest}
      ref={ref}
      id={fieldId}
      type={isPassword && revealed ? "text" : type}
      onChange={(event) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
      className={className ? `input ${className}` : "input"}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(fieldId, hint, error)}
    />
  );
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      {isPassword ? (
        <div className="input-group">
          {input}
          <button
            type="button"
            className="input-group__toggle"
            aria-controls={fieldId}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? "Hide" : "Show"}
            <span className="visually-hidden"> password</span>
          </button>
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: ReactNode;
  options: SelectOption[];
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  /** A first, empty choice such as "Choose a file…". */
  placeholder?: string;
}

export function Select({ label, options, hint, error, id, placeholder, className, ...rest }: SelectProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <select
        {...rest}
        id={fieldId}
        className={className ? `input select ${className}` : "input select"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  /** Called with the new text. */
  onValueChange?: (value: string) => void;
}

/** Several lines of text (an announcement). */
export function TextArea({ label, hint, error, id, className, onValueChange, onChange, ...rest }: TextAreaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <textarea
        {...rest}
        id={fieldId}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        className={className ? `input textarea ${className}` : "input textarea"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
      />
    </FieldFrame>
  );
}

type PresetProps = Omit<TextFieldProps, "label" | "type"> & { label?: ReactNode };

/** The account forms' fields, with the right type, name and autocomplete. */
export function EmailField({ label = "Email", ...rest }: PresetProps) {
  return <TextField label={label} type="email" name="email" autoComplete="email" required {...rest} />;
}

export function UsernameField({ label = "Username", ...rest }: PresetProps) {
  return <TextField label={label} name="username" autoComplete="username" required {...rest} />;
}

/** `autoComplete` defaults to the current password; pass "new-password" where one is chosen. */
export function PasswordField({ label = "Password", ...rest }: PresetProps) {
  return <TextField label={label} type="password" name="password" autoComplete="current-password" {...rest} />;
}

export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "onChange"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
  /** Called with the chosen file, or null when the choice is cleared. */
  onChoose: (file: File | null) => void;
}

/** A native file input (keyboard and file chooser) with a label, a hint and an error (a class's syllabus). */
export function FileField({ label, hint, error, ref, onChoose, className, ...rest }: FileFieldProps) {
  const fieldId = useId();
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
      <input
        {...rest}
        ref={ref}
        id={fieldId}
        type="file"
        className={className ? `input file-input ${className}` : "input file-input"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
    </FieldFrame>
  );
}
