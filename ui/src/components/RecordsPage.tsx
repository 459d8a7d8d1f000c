/**
 * A page of named records the student adds and removes (classes, templates): a card with the add
 * form and a note on what was added, a card with the list (loading, failed with Try again, empty,
 * or the records), and the confirmation before a record is removed.
 */
import { useState, type ReactNode } from "react";
import { errorMessage } from "../api/client.ts";
import { useToast } from "../hooks/toast.tsx";
import { useAction } from "../hooks/useAction.ts";
import type { Loaded } from "../hooks/useLoad.ts";
import { Alert } from "./Alert.tsx";
import { Card } from "./Card.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { Page } from "./Page.tsx";
import { RetryAlert } from "./RetryAlert.tsx";
import { Spinner } from "./Spinner.tsx";

export interface NamedRecord {
  id: number;
  name: string;
}

export interface RecordsPageProps<T extends NamedRecord> {
  title: string;
  description: string;
  /** "class", "template": used in headings and messages. */
  noun: string;
  /** Its plural (default: noun + "s"). */
  nounPlural?: string;
  records: Loaded<T[]>;
  /** The add form; it calls `onAdded` with the new record. */
  addForm: (onAdded: (record: T) => void) => ReactNode;
  /** The success note after adding (default: Added "name".). */
  addedNote?: (record: T) => ReactNode;
  loadFailed: string;
  /** What an empty list shows. */
  empty: ReactNode;
  /** The list itself; `onRemove` asks before removing a record. */
  list: (records: T[], onRemove: (record: T) => void) => ReactNode;
  remove: (record: T) => Promise<void>;
  removeFailed: string;
  /** What removing keeps (said in the confirmation). */
  removeNote: ReactNode;
  /** A card between the add form and the list (joining a teacher's class). */
  extra?: ReactNode;
}

export function RecordsPage<T extends NamedRecord>(props: RecordsPageProps<T>) {
  const { records, noun } = props;
  const nouns = props.nounPlural ?? `${noun}s`;
  const [removing, setRemoving] = useState<T | null>(null);
  const [added, setAdded] = useState<T | null>(null);
  const remove = useAction();
  const toast = useToast();

  let list: ReactNode;
  if (records.loading && !records.data) list = <Spinner label={`Loading your ${nouns}…`} />;
  else if (records.failed) list = <RetryAlert onRetry={records.reload}>{errorMessage(records.error, props.loadFailed)}</RetryAlert>;
  else if (records.data?.length === 0) list = props.empty;
  else if (records.data) list = props.list(records.data, setRemoving);

  async function onRemove() {
    const target = removing;
    if (!target) return;
    await remove.run(
      async () => {
        await props.remove(target);
        toast.show(`Removed the ${noun} "${target.name}".`, { kind: "success" });
        setRemoving(null);
        setAdded(null);
        records.reload();
      },
      (err) => errorMessage(err, props.removeFailed),
    );
  }

  return (
    <Page title={props.title} description={props.description}>
      <div className="stack stack--lg">
        <Card title={`Add a ${noun}`}>
          {added && <Alert kind="success">{props.addedNote ? props.addedNote(added) : `Added the ${noun} "${added.name}".`}</Alert>}
          {props.addForm((record) => {
            setAdded(record);
            records.reload();
          })}
        </Card>
        {props.extra}
        <Card title={`Your ${nouns}`}>{list}</Card>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove this ${noun}?`}
        onCancel={() => {
          remove.setError(null);
          setRemoving(null);
        }}
        onConfirm={() => void onRemove()}
        variant="danger"
        confirmLabel="Remove"
        busy={remove.busy}
        busyLabel="Removing…"
        error={remove.error}
      >
        <p>
          <strong>{removing?.name}</strong> will be removed. {props.removeNote}
        </p>
      </ConfirmDialog>
    </Page>
  );
}
