/** Any path no route matches. */
import { ButtonLink } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Page } from "../components/Page.tsx";
import { useSession } from "../hooks/session.tsx";

export function NotFoundPage() {
  const { user } = useSession();
  return (
    <Page title="Page not found" narrow>
      <Card>
        <EmptyState
          icon="compass"
          title="We couldn't find that page."
          action={
            <ButtonLink href={user ? "/dashboard" : "/"} variant="primary">
              {user ? "Go to your dashboard" : "Go to the home page"}
            </ButtonLink>
          }
        >
          The link may be old, or the address may have a typo.
        </EmptyState>
      </Card>
    </Page>
  );
}
