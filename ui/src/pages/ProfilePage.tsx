/** `/profile`: who you are and your recent tests. */
import { useEffect, useState } from "react";
import { isAbortError } from "../api/client.ts";
import { getDashboard } from "../api/dashboard.ts";
import type { RecentTest } from "../api/types.ts";
import { Alert } from "../components/Alert.tsx";
import { ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { NoTestsYet } from "../components/NoTestsYet.tsx";
import { Page } from "../components/Page.tsx";
import { RecentTestList } from "../components/RecentTestList.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useSession } from "../hooks/session.tsx";

export function ProfilePage() {
  const { user } = useSession();
  const [tests, setTests] = useState<RecentTest[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getDashboard({ signal: controller.signal }).then(
      (data) => setTests(Array.isArray(data?.recent_tests) ? data.recent_tests : []),
      (err: unknown) => {
        if (!isAbortError(err)) setFailed(true);
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <Page
      title="Profile"
      narrow
      actions={
        <ButtonLink href="/settings" variant="primary">
          Edit Profile
        </ButtonLink>
      }
    >
      <div className="stack stack--lg">
        <Card title="Your account">
          <dl className="details">
            <div>
              <dt>Username</dt>
              <dd>{user?.username || "—"}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user?.email || "—"}</dd>
            </div>
            {user?.is_admin && (
              <div>
                <dt>Role</dt>
                <dd>Administrator</dd>
              </div>
            )}
          </dl>
        </Card>
        <Card title="Recent Tests">
          {failed && <Alert kind="error">Failed to load profile or recent tests.</Alert>}
          {tests === null && !failed && <Spinner label="Loading your tests…" />}
          {tests !== null && tests.length === 0 && (
            <NoTestsYet>Generate a practice test from one of your study guides and it will show up here.</NoTestsYet>
          )}
          {tests !== null && tests.length > 0 && <RecentTestList tests={tests} />}
        </Card>
      </div>
    </Page>
  );
}
