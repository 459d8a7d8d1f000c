/** Where the account is signed in: each session with its device, address and times, to log out one or all. */
import { useState } from "react";
import { endSession, listSessions, logoutAll } from "../../api/auth.ts";
import type { ActiveSession } from "../../api/types.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { formatDateTime } from "../../format.ts";
import { useSession } from "../../hooks/session.tsx";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";

const LOAD_FAILED = "Could not load your sessions.";
const END_FAILED = "Could not log out that session. Please try again.";

export function SessionsCard() {
  const { setUser } = useSession();
  const toast = useToast();
  const sessions = useLoad("sessions", (signal) => listSessions({ signal, fallback: LOAD_FAILED }));
  const [ending, setEnding] = useState<number | null>(null);
  const end = useAction();
  const all = useAction();

  /** Leaving this device: the page is protected, so without a user the guard goes to /login. */
  function signedOut(message: string) {
    toast.show(message, { kind: "success" });
    setUser(null);
  }

  async function onEnd(session: ActiveSession) {
    setEnding(session.id);
    await end.run(async () => {
      await endSession(session.id, { fallback: END_FAILED });
      if (session.current) return signedOut("You have been logged out on this device.");
      toast.show(`Logged out ${session.device}.`, { kind: "success" });
      sessions.setData((sessions.data ?? []).filter((s) => s.id !== session.id));
    });
    setEnding(null);
  }

  async function onLogoutAll() {
    await all.run(async () => {
      await logoutAll({ fallback: "Could not log out of all devices. Please try again." });
      signedOut("You have been logged out on all devices.");
    });
  }

  const columns: Column<ActiveSession>[] = [
    {
      key: "device",
      header: "Device",
      primary: true,
      render: (s) => (
        <span className="session-device">
          {s.device}
          {s.current && <span className="session-device__this">This device</span>}
        </span>
      ),
    },
    { key: "address", header: "Network address", render: (s) => s.ip_address },
    { key: "signed-in", header: "Signed in", render: (s) => formatDateTime(s.created_at) },
    { key: "seen", header: "Last seen", render: (s) => (s.current ? "Now" : formatDateTime(s.last_seen_at)) },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (s) => (
        <Button size="sm" onClick={() => void onEnd(s)} busy={ending === s.id} busyLabel="Logging out…" disabled={ending !== null}>
          Log out
          <span className="visually-hidden">
            {" "}
            {s.device}
            {s.current ? " (this device)" : `, signed in ${formatDateTime(s.created_at)}`}
          </span>
        </Button>
      ),
    },
  ];

  return (
    <Card title="Sessions">
      <div className="stack">
        <p className="muted">
          Where your account is signed in. Log out any session you do not recognise, then change your password.
        </p>
        {end.error && <Alert kind="error">{end.error}</Alert>}
        {sessions.loading && !sessions.data ? (
          <Spinner label="Loading your sessions…" />
        ) : sessions.failed ? (
          <RetryAlert onRetry={sessions.reload}>{LOAD_FAILED}</RetryAlert>
        ) : (
          <Table caption="Signed-in sessions" columns={columns} rows={sessions.data ?? []} rowKey={(s) => s.id} />
        )}
        <p className="muted">Signed in on a shared or lost computer? End every session of your account, including this one.</p>
        {all.error && <Alert kind="error">{all.error}</Alert>}
        <div className="button-row">
          <Button onClick={() => void onLogoutAll()} busy={all.busy} busyLabel="Logging out…">
            Log out of all devices
          </Button>
        </div>
      </div>
    </Card>
  );
}
