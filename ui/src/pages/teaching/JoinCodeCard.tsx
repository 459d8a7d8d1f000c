/** A teacher's class: the code students join with, to copy or replace (the old one then stops working). */
import { useState } from "react";
import { regenerateJoinCode } from "../../api/teaching.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";

export function JoinCodeCard({ classId, code }: { classId: number; code: string }) {
  const [current, setCurrent] = useState(code);
  const [asking, setAsking] = useState(false);
  const regenerate = useAction();
  const toast = useToast();

  function copy() {
    const failed = () => toast.show("Could not copy: select the code and copy it yourself.", { kind: "error" });
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(current).then(() => toast.show("Copied the join code.", { kind: "success" }), failed);
  }

  return (
    <Card title="Join code">
      <div className="join-code">
        <p className="join-code__value" aria-label={`Join code: ${current.split("").join(" ")}`}>
          <code data-testid="join-code">{current}</code>
        </p>
        <div className="button-row">
          <Button size="sm" onClick={copy}>
            Copy<span className="visually-hidden"> the join code</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
            Regenerate
          </Button>
        </div>
      </div>
      <p className="muted">Students type this code under “Join a class” on their Classes page. You can also add them by e-mail below.</p>
      <ConfirmDialog
        open={asking}
        title="Make a new join code?"
        confirmLabel="Make a new code"
        busy={regenerate.busy}
        busyLabel="Making a new code…"
        error={regenerate.error}
        onCancel={() => {
          regenerate.setError(null);
          setAsking(false);
        }}
        onConfirm={() =>
          void regenerate.run(async () => {
            setCurrent((await regenerateJoinCode(classId)).join_code);
            setAsking(false);
            toast.show("The class has a new join code. The old one no longer works.", { kind: "success" });
          })
        }
      >
        <p>The current code stops working at once. Students who already joined stay in the class.</p>
      </ConfirmDialog>
    </Card>
  );
}

/** A teacher's own class made before they taught: a join code makes it a teacher's class. */
export function StartTeachingCard({ classId, onStarted }: { classId: number; onStarted: () => void }) {
  const start = useAction();
  return (
    <Card title="Teach this class">
      <div className="stack">
        {start.error && <Alert kind="error">{start.error}</Alert>}
        <p className="muted">You made this class before your account could teach. Give it a join code to let students join it and to assign them tests.</p>
        <div className="button-row">
          <Button
            busy={start.busy}
            busyLabel="Making a code…"
            onClick={() =>
              void start.run(async () => {
                await regenerateJoinCode(classId);
                onStarted();
              })
            }
          >
            Get a join code
          </Button>
        </div>
      </div>
    </Card>
  );
}
