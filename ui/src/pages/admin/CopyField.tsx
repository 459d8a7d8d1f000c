/** A read-only text (a reset link) with a Copy button; works without the Clipboard API (plain http). */
import { useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall back to selecting the text below.
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    // The only way to copy on a page that is not a secure context (a school server on plain http).
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field">
        <input ref={inputRef} id={id} className="input copy-field__input" value={value} readOnly onFocus={(event) => event.target.select()} />
        <Button size="sm" onClick={() => void copyText(value, inputRef.current).then((ok) => setState(ok ? "copied" : "failed"))}>
          {state === "copied" ? "Copied" : "Copy"}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </Button>
      </div>
      <p className="field__hint" aria-live="polite">
        {state === "copied" && "Copied to the clipboard."}
        {state === "failed" && "Could not copy: select the link and copy it yourself."}
      </p>
    </div>
  );
}
