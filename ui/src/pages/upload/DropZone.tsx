/** Where a study guide is chosen: a native file input (keyboard and file chooser) inside a drop target. */
import { useId, useState, type DragEvent, type Ref } from "react";
import { formatKb } from "../../format.ts";
import { Icon } from "../../components/Icon.tsx";
import { ACCEPT } from "./accepted.ts";

export interface DropZoneProps {
  file: File | null;
  onChoose: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
  hint: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function DropZone({ file, onChoose, error, disabled = false, hint, inputRef }: DropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onChoose(event.dataTransfer.files[0] ?? null);
  };

  return (
    <div
      className={["dropzone", dragging && "is-dragging", error && "dropzone--invalid"].filter(Boolean).join(" ")}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span className="dropzone__icon">
        <Icon name="upload" size={28} />
      </span>
      <p className="dropzone__title">{file ? file.name : "Add a study guide"}</p>
      <p className="dropzone__text">
        {file ? `${formatKb(file.size / 1024)} · ready to upload` : "Drop it here, or choose it from your device."}
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ACCEPT}
        className="dropzone__input visually-hidden"
        disabled={disabled}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <label htmlFor={id} className={`btn btn--secondary dropzone__button${disabled ? " is-disabled" : ""}`}>
        {file ? "Choose another file" : "Choose a file"}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
