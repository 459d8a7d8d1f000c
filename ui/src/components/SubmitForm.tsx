/** A form that handles its own submit (no page load, no browser validation bubbles) and shows its error on top. */
import type { ReactNode } from "react";
import { Alert } from "./Alert.tsx";

export interface SubmitFormProps {
  onSubmit: () => void | Promise<void>;
  error?: string | null;
  id?: string;
  children: ReactNode;
}

export function SubmitForm({ onSubmit, error, id, children }: SubmitFormProps) {
  return (
    <form
      id={id}
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {error && <Alert kind="error">{error}</Alert>}
      {children}
    </form>
  );
}
