/** The placeholder of a page whose feature is not built yet. Replace the page file, not this. */
import type { ReactNode } from "react";
import { ButtonLink } from "./Button.tsx";
import { Card } from "./Card.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { Page } from "./Page.tsx";

export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      <Card>
        <EmptyState
          icon="clock"
          title="This part of StudyForge is on its way."
          action={<ButtonLink href="/dashboard">Back to the dashboard</ButtonLink>}
        >
          {children}
        </EmptyState>
      </Card>
    </Page>
  );
}
