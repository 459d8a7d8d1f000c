/** The page for a record that does not exist or is not the user's (the server's 404), with a way back. */
import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { EmptyState } from "../../components/EmptyState.tsx";
import { Page } from "../../components/Page.tsx";

export function MissingRecordPage({ title, message, back }: { title: string; message: string; back: { href: string; label: string } }) {
  return (
    <Page title={title}>
      <Card>
        <EmptyState
          icon="compass"
          title={message}
          action={
            <ButtonLink href={back.href} variant="primary">
              {back.label}
            </ButtonLink>
          }
        />
      </Card>
    </Page>
  );
}
