/**
 * "Export": a dialog listing the formats a test can be taken into — a quiz bank (Moodle XML, GIFT, Aiken,
 * QTI), flashcards (Anki) or paper (a student copy and its answer key) — each with a line saying where the
 * file goes. Choosing one downloads it; a refusal or what a format left out is said inside the dialog.
 */
import { useId, useState } from "react";
import { ANSWER_KEY_INFO, EXPORT_FORMATS, FORMAT_INFO, downloadExport, type ExportFormat, type ExportOptions } from "../api/exports.ts";
import { errorMessage } from "../api/client.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { Modal } from "./Modal.tsx";

interface Entry {
  id: string;
  format: ExportFormat;
  key?: boolean;
  label: string;
  description: string;
}

/** The formats in the order of the menu: the PDF's answer key right after the student copy. */
const ENTRIES: Entry[] = EXPORT_FORMATS.flatMap((format) => {
  const entry = { id: format, format, ...FORMAT_INFO[format] };
  return format === "pdf" ? [entry, { id: "pdf-key", format, key: true, ...ANSWER_KEY_INFO }] : [entry];
});

type Outcome = { kind: "success" | "error"; text: string; notice?: string | null };

/** `name`: the test's name for screen readers, where several tests each have an Export button (a table). */
export function ExportMenu({ testId, name, size }: { testId: number; name?: string; size?: "sm" | "md" }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [paper, setPaper] = useState<NonNullable<ExportOptions["paper"]>>("a4");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = useId();

  async function choose(entry: Entry) {
    setBusy(entry.id);
    setOutcome(null);
    try {
      const saved = await downloadExport(testId, entry.format, { key: entry.key, paper: entry.format === "pdf" ? paper : undefined });
      setOutcome({ kind: "success", text: `Downloaded “${saved.filename}”.`, notice: saved.notice });
    } catch (err) {
      setOutcome({ kind: "error", text: errorMessage(err, "The export failed. Please try again.") });
    } finally {
      setBusy(null);
    }
  }

  function close() {
    setOpen(false);
    setOutcome(null);
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog" size={size}>
        Export
        {name && <span className="visually-hidden"> {name}</span>}
      </Button>
      <Modal open={open} title="Export this test" onClose={close} footer={<Button onClick={close}>Done</Button>}>
        <div className="stack">
          <p className="muted">Download the test for a quiz tool, for flashcards or for paper.</p>
          {/* Above the list, so the outcome shows where the eye is, however far the list scrolls. */}
          <div aria-live="polite">
            {outcome && (
              <Alert kind={outcome.kind}>
                {outcome.text}
                {outcome.notice && ` ${outcome.notice}`}
              </Alert>
            )}
          </div>
          <ul className="export-list" aria-label="Export formats">
            {ENTRIES.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="export-option"
                  onClick={() => void choose(entry)}
                  disabled={busy !== null}
                  aria-busy={busy === entry.id || undefined}
                  aria-describedby={`${ids}-${entry.id}`}
                >
                  <span className="export-option__label">{busy === entry.id ? `${entry.label}: preparing…` : entry.label}</span>
                  <span className="export-option__text" id={`${ids}-${entry.id}`}>
                    {entry.description}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-paper`}>
              Paper size for PDFs
            </label>
            <select id={`${ids}-paper`} className="select" value={paper} onChange={(e) => setPaper(e.target.value as typeof paper)}>
              <option value="a4">A4</option>
              <option value="letter">US Letter</option>
            </select>
          </div>
        </div>
      </Modal>
    </>
  );
}
