/** `/settings`: edit the profile, end sessions, delete the account. */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { errorMessage, isAbortError } from "../api/client.ts";
import { deleteAccount, getProfile, updateProfile } from "../api/users.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { EmailField, PasswordField, UsernameField } from "../components/Field.tsx";
import { Page } from "../components/Page.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useSession } from "../hooks/session.tsx";
import { useToast } from "../hooks/toast.tsx";
import { useAction } from "../hooks/useAction.ts";
import { SessionsCard } from "./settings/SessionsCard.tsx";
import { SignInCards } from "./settings/SignInCard.tsx";

const SAVE_FAILED = "Failed to update profile.";

function ProfileForm() {
  const { setUser } = useSession();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useAction();

  useEffect(() => {
    const controller = new AbortController();
    getProfile({ signal: controller.signal }).then(
      (profile) => {
        setUsername(profile.username ?? "");
        setEmail(profile.email ?? "");
        setLoaded(true);
      },
      (err: unknown) => {
        if (isAbortError(err)) return;
        setLoadFailed(true);
        setLoaded(true);
      },
    );
    return () => controller.abort();
  }, []);

  async function onSubmit() {
    setSaved(false);
    await save.run(
      async () => {
        const body = {
          username: username.trim(),
          email: email.trim(),
          ...(password ? { password } : {}),
          ...(currentPassword ? { current_password: currentPassword } : {}),
        };
        const updated = await updateProfile(body, { fallback: SAVE_FAILED });
        if (updated && typeof updated === "object" && "id" in updated) setUser(updated);
        setPassword("");
        setCurrentPassword("");
        setSaved(true);
      },
      (err) => errorMessage(err, SAVE_FAILED),
    );
  }

  return (
    <Card title="Profile">
      {!loaded ? (
        <Spinner label="Loading your profile…" />
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          {loadFailed && <Alert kind="error">Failed to load profile.</Alert>}
          {saved && <Alert kind="success">Profile updated successfully.</Alert>}
          {save.error && <Alert kind="error">{save.error}</Alert>}
          <UsernameField value={username} onValueChange={setUsername} />
          <EmailField value={email} onValueChange={setEmail} />
          <PasswordField
            label="New password"
            name="new-password"
            autoComplete="new-password"
            hint="Optional. Leave blank to keep your current password."
            value={password}
            onValueChange={setPassword}
          />
          <PasswordField
            label="Current password"
            name="current-password"
            hint="Needed to change your email or password."
            value={currentPassword}
            onValueChange={setCurrentPassword}
          />
          <div className="button-row">
            <Button type="submit" variant="primary" busy={save.busy} busyLabel="Saving…">
              Save Changes
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function DangerZone() {
  const { setUser } = useSession();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const passwordRef = useRef<HTMLInputElement>(null);
  const remove = useAction();

  // After a refusal, put the cursor back in the password field (the busy button had the focus).
  useEffect(() => {
    if (remove.error) passwordRef.current?.focus();
  }, [remove.error]);

  function close() {
    setOpen(false);
    setPassword("");
    remove.setError(null);
  }

  async function onDelete() {
    if (!password) {
      remove.setError("Enter your password to confirm.");
      return;
    }
    await remove.run(
      async () => {
        await deleteAccount(password, { fallback: "Failed to delete your account. Please try again." });
        toast.show("Your account has been deleted.", { kind: "success" });
        navigate("/", { replace: true });
        setUser(null);
      },
      (err) => errorMessage(err, "Failed to delete your account. Please try again."),
    );
  }

  return (
    <Card title="Danger zone" className="card--danger">
      <p className="muted">
        Deleting your account removes your profile, your uploaded study guides, your tests and your results. This cannot
        be undone.
      </p>
      <div className="button-row">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        onCancel={close}
        variant="danger"
        form="delete-account-form"
        confirmLabel="Delete my account"
        busy={remove.busy}
        busyLabel="Deleting…"
        error={remove.error}
      >
        <form
          id="delete-account-form"
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void onDelete();
          }}
        >
          <p>This permanently deletes your account and everything in it. Enter your password to confirm.</p>
          <PasswordField ref={passwordRef} value={password} onValueChange={setPassword} />
        </form>
      </ConfirmDialog>
    </Card>
  );
}

export function SettingsPage() {
  return (
    <Page title="Settings" description="Change your account details, or end your sessions." narrow>
      <div className="stack stack--lg">
        <ProfileForm />
        <SignInCards />
        <SessionsCard />
        <DangerZone />
      </div>
    </Page>
  );
}
