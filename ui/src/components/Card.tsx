import type { ElementType, ReactNode } from "react";

export interface CardProps {
  /** Heading shown at the top of the card. */
  title?: ReactNode;
  /** Heading level for the title (default h2). */
  titleAs?: ElementType;
  /** Controls on the right of the title (a link, a small button). */
  actions?: ReactNode;
  /** Element rendered for the card (default section). */
  as?: ElementType;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, titleAs: Title = "h2", actions, as: Tag = "section", className, children }: CardProps) {
  return (
    <Tag className={className ? `card ${className}` : "card"}>
      {(title || actions) && (
        <div className="card__header">
          {title && <Title className="card__title">{title}</Title>}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </Tag>
  );
}
