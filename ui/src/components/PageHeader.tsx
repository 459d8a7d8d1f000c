import type { ReactNode } from "react";

export interface PageHeaderProps {
  title: ReactNode;
  /** One sentence under the title. */
  description?: ReactNode;
  /** The page's primary action (one primary Button or ButtonLink), with any quieter ones. */
  actions?: ReactNode;
}

/** The page's title (its only h1, focused on navigation) and its main action. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title" tabIndex={-1} data-page-title>
          {title}
        </h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
