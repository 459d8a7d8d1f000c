/** A notice every user sees on their dashboard: write it, post it, and see the latest ones. */
import { useState, type FormEvent } from "react";
import { listAnnouncements, postAnnouncement } from "../../api/admin.ts";
import { Alert } from "../../components/Alert.tsx";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { TextArea } from "../../components/Field.tsx";
import { Icon } from "../../components/Icon.tsx";
import { formatDateTime } from "../../format.ts";
import { useToast } from "../../hooks/toast.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useLoad } from "../../hooks/useLoad.ts";

/** The server's limit (AnnouncementInput). */
export const ANNOUNCEMENT_MAX = 1000;
export const POST_FAILED = "Failed to post the announcement. Please try again.";

export function AnnouncementSection() {
  const [message, setMessage] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const post = useAction();
  const toast = useToast();
  const recent = useLoad("announcements", (signal) => listAnnouncements({ signal }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      setFieldError("Write the announcement.");
      return;
    }
    setFieldError(null);
    const posted = await post.run(() => postAnnouncement(message.trim(), { fallback: POST_FAILED }));
    if (!posted) return;
    setMessage("");
    toast.show("Announcement posted. Everyone sees it on their dashboard.", { kind: "success" });
    recent.reload();
  }

  const left = ANNOUNCEMENT_MAX - message.length;
  return (
    <Card title="Announcements" className="admin-card">
      <div className="stack">
        <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextArea
            label="New announcement"
            hint={`Every user sees it on their dashboard.${left < 200 ? ` ${left.toLocaleString()} characters left.` : ""}`}
            error={fieldError}
            rows={3}
            maxLength={ANNOUNCEMENT_MAX}
            value={message}
            onValueChange={setMessage}
          />
          {post.error && <Alert kind="error">{post.error}</Alert>}
          <div className="button-row">
            <Button type="submit" variant="primary" busy={post.busy} busyLabel="Posting…">
              Post announcement
            </Button>
          </div>
        </form>
        {recent.data && recent.data.length > 0 && (
          <div>
            <h3 className="admin-subheading">Latest announcements</h3>
            <ul className="notice-list">
              {recent.data.map((a) => (
                <li key={a.id} className="notice-list__item">
                  <Icon name="bell" className="notice-list__icon" />
                  <span>
                    {a.message} <span className="muted small">· {formatDateTime(a.created_at)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}
