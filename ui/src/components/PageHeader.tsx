import type { CSSProperties, ReactNode } from "react";

export interface PageHeaderProps {
  title: ReactNode;
  /** One sentence under the title. */
  description?: ReactNode;
  /** The page's primary action (one primary Button or ButtonLink), with any quieter ones. */
  actions?: ReactNode;
  /** Extra class (e.g. a banner with a background picture). */
  className?: string;
  /** Custom properties for that class (set through the DOM, so the CSP allows them). */
  style?: CSSProperties;
}

/** The page's title (its only h1, focused on navigation) and its main action. */
export function PageHeader({ title, description, actions, className, style }: PageHeaderProps) {
  return (
    <header className={className ? `page-header ${className}` : "page-header"} style={style}>
      <div className="page-header__text">
        <h1 className="page-header__title" tabIndex={-1} data-page-title>
          {title}
        </h1>
        {description && <div className="page-header__description">{description}</div>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
