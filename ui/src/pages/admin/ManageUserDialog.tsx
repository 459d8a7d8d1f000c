/**
 * One user, managed: what they have, their role (promote or demote), disable or enable, mark as
 * verified, and a password reset link. Each action says what happened inside the dialog; a refusal
 * (the last administrator, a disabled account) shows the server's own words.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { sendPasswordReset, updateUser, type AdminUserOut, type Role, type UserPatch } from "../../api/admin.ts";
import { errorMessage } from "../../api/client.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Select } from "../../components/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { formatDateTime, plural } from "../../format.ts";
import { useSession } from "../../hooks/session.tsx";
import { CopyField } from "./CopyField.tsx";
import { formatBytes, formatWhen, ROLE_LABELS, ROLES, roleWithArticle } from "./format.ts";
import { DetailList, Email, StatusBadge, YesNo } from "./cells.tsx";

type ActionName = "role" | "disabled" | "verify" | "reset";

interface Outcome {
  kind: "success" | "error";
  text: string;
  /** A reset link to hand over (mail is not configured). */
  link?: string | null;
}

export interface ManageUserDialogProps {
  user: AdminUserOut | null;
  onClose: () => void;
  /** The server's new row after a change. */
  onChanged: (user: AdminUserOut) => void;
}

export function ManageUserDialog({ user, onClose, onChanged }: ManageUserDialogProps) {
  return (
    <Modal open={user !== null} title={user ? `Manage ${user.username}` : "Manage user"} onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      {user && <ManageUser key={user.id} user={user} onChanged={onChanged} />}
    </Modal>
  );
}

function ManageUser({ user, onChanged }: { user: AdminUserOut; onChanged: (user: AdminUserOut) => void }) {
  const session = useSession();
  const isMe = session.user?.id === user.id;
  const [role, setRole] = useState<Role>(user.role);
  const [running, setRunning] = useState<ActionName | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // On a phone the dialog scrolls: bring what happened into view.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView({ block: "nearest" });
  }, [outcome]);

  async function act(name: ActionName, action: () => Promise<Outcome>) {
    setRunning(name);
    setOutcome(null);
    try {
      setOutcome(await action());
    } catch (err) {
      setOutcome({ kind: "error", text: errorMessage(err) });
    } finally {
      setRunning(null);
    }
  }

  async function patch(name: ActionName, change: UserPatch, done: (u: AdminUserOut) => string) {
    await act(name, async () => {
      const changed = await updateUser(user.id, change);
      onChanged(changed);
      // An administrator who gave up their own role (or account) is one no longer: the guard sends them on.
      if (isMe && (changed.role !== "admin" || changed.disabled)) void session.refresh();
      return { kind: "success", text: done(changed) };
    });
  }

  function onRole(event: FormEvent) {
    event.preventDefault();
    if (role === user.role) return;
    void patch("role", { role }, (u) => `${u.username} is now ${roleWithArticle(u.role)}.`);
  }

  const busy = running !== null;
  return (
    <div className="stack manage-user">
      <DetailList
        className="manage-user__details"
        items={[
          ["Email", <Email address={user.email} />],
          ["Status", <StatusBadge disabled={user.disabled} />],
          ["Verified", <YesNo value={user.is_verified} />],
          ["Joined", formatDateTime(user.created_at)],
          ["Last active", formatWhen(user.last_active_at)],
          ["Has", `${plural(user.tests, "test")}, ${plural(user.results, "result")}, ${plural(user.files, "file")} (${formatBytes(user.storage_bytes)})`],
        ]}
      />

      <form className="manage-user__role" onSubmit={onRole}>
        <Select
          label="Role"
          hint={isMe ? "You are changing your own role." : "Administrators can use these admin pages."}
          value={role}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          onChange={(event) => setRole(event.target.value as Role)}
          disabled={busy}
        />
        <Button type="submit" variant="primary" disabled={role === user.role || (busy && running !== "role")} busy={running === "role"} busyLabel="Saving…">
          Change role
        </Button>
      </form>

      <div className="manage-user__actions" role="group" aria-label="Account">
        <Button
          disabled={busy && running !== "disabled"}
          busy={running === "disabled"}
          onClick={() =>
            void patch("disabled", { disabled: !user.disabled }, (u) =>
              u.disabled ? `${u.username}'s account is disabled: they cannot log in, and their sessions have ended.` : `${u.username}'s account is enabled again.`,
            )
          }
        >
          {user.disabled ? "Enable account" : "Disable account"}
        </Button>
        {!user.is_verified && (
          <Button
            disabled={busy && running !== "verify"}
            busy={running === "verify"}
            onClick={() => void patch("verify", { is_verified: true }, (u) => `${u.email} is marked as verified.`)}
          >
            Mark as verified
          </Button>
        )}
        <Button
          disabled={busy && running !== "reset"}
          busy={running === "reset"}
          busyLabel="Sending…"
          onClick={() =>
            void act("reset", async () => {
              const answer = await sendPasswordReset(user.id);
              return { kind: "success", text: answer.message, link: answer.link };
            })
          }
        >
          Send password reset link
        </Button>
      </div>

      <div ref={outcomeRef} className="stack">
        {outcome && (
          <Alert kind={outcome.kind} className="manage-user__outcome">
            <p>{outcome.text}</p>
          </Alert>
        )}
        {outcome?.link && <CopyField label="Reset link" value={outcome.link} />}
      </div>
    </div>
  );
}
