import { useRef, useState } from "react";

/**
 * A required name field (a class's, a template's): `props` go on a TextField; `take()` answers the
 * trimmed name, or null after showing `emptyMessage` and focusing the field when it is blank.
 */
export function useNameField(emptyMessage: string, maxLength = 100) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);

  function take(): string | null {
    const name = value.trim();
    if (name) return name;
    setError(emptyMessage);
    ref.current?.focus();
    return null;
  }

  const props = {
    ref,
    value,
    error,
    maxLength,
    required: true,
    onValueChange: (next: string) => {
      setValue(next);
      if (error) setError(null);
    },
  };
  return { props, take, clear: () => setValue("") };
}
