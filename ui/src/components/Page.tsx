/** The standard page: a centred column with the page header. Most pages start with <Page>. */
import type { ReactNode } from "react";
import { usePageTitle } from "../hooks/usePageTitle.ts";
import { PageHeader, type PageHeaderProps } from "./PageHeader.tsx";

export interface PageProps {
  title: string;
  /** The browser tab's title when it should differ from the heading (default: the title). */
  documentTitle?: string;
  description?: ReactNode;
  /** The page's primary action (see PageHeader). */
  actions?: ReactNode;
  /** A reading-width column (forms, settings) instead of the full width. */
  narrow?: boolean;
  /** Class and custom properties of the page header (the dashboard's banner). */
  headerClassName?: PageHeaderProps["className"];
  headerStyle?: PageHeaderProps["style"];
  /** Shown above the header (a message the page was sent with). */
  notice?: ReactNode;
  children?: ReactNode;
}

export function Page({
  title,
  documentTitle,
  description,
  actions,
  narrow = false,
  headerClassName,
  headerStyle,
  notice,
  children,
}: PageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div className={narrow ? "container page page--narrow" : "container page"}>
      {notice && <div className="page__notice">{notice}</div>}
      <PageHeader
        title={title}
        description={description}
        actions={actions}
        className={headerClassName}
        style={headerStyle}
      />
      {children}
    </div>
  );
}
