/** The frame of the administration pages: the page header, then the sub-navigation between them. */
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { NavLinks, type NavLink } from "../../components/NavLinks.tsx";
import { Page } from "../../components/Page.tsx";

interface Section extends NavLink {
  /** Every path that shows this section (the spec's aliases). */
  paths: string[];
}

export const ADMIN_SECTIONS: Section[] = [
  { href: "/admin", label: "Users & files", paths: ["/admin", "/admin/dashboard"] },
  { href: "/admin/analytics", label: "Analytics", paths: ["/admin/analytics", "/admin-analytics"] },
  { href: "/admin/audit", label: "Audit log", paths: ["/admin/audit"] },
];

export function AdminNav() {
  const [path] = useLocation();
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return (
    <NavLinks
      label="Administration"
      className="admin-nav"
      linkClassName="admin-nav__link"
      items={ADMIN_SECTIONS}
      isCurrent={(href) => ADMIN_SECTIONS.some((section) => section.href === href && section.paths.includes(normalized))}
    />
  );
}

export interface AdminFrameProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminFrame({ title, description, actions, children }: AdminFrameProps) {
  return (
    <Page title={title} description={description} actions={actions}>
      <AdminNav />
      <div className="stack stack--lg">{children}</div>
    </Page>
  );
}
