/**
 * The navigation bar of every page except /, /login and /register.
 * Wide screens: brand and account on the first row, section links on the second.
 * Below 1024 px: brand and a Menu button that opens a panel with every link.
 */
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { logout } from "../api/auth.ts";
import { useSession } from "../hooks/session.tsx";
import { useToast } from "../hooks/toast.tsx";
import { BrandLink } from "./Brand.tsx";
import { Button } from "./Button.tsx";
import { GuestActions } from "./GuestActions.tsx";
import { Icon } from "./Icon.tsx";
import { NavLinks, type NavLink } from "./NavLinks.tsx";
import { NotificationsLink, UnreadBadge, useUnreadNotifications } from "./NotificationsLink.tsx";

interface NavItem extends NavLink {
  adminOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/upload", label: "File Upload" },
  { href: "/testgenerator", label: "Test Generator" },
  { href: "/classes", label: "Classes" },
  { href: "/templates", label: "Templates" },
  { href: "/study-sets", label: "Study Sets" },
  { href: "/test-results", label: "Test Results" },
  { href: "/ai-insights", label: "AI Insights" },
  { href: "/profile", label: "Profile" },
  { href: "/settings", label: "Settings" },
  { href: "/admin", label: "Admin Dashboard", adminOnly: true },
];

/** A link is current on its own path and on the paths below it (/study-sets/3, /admin/analytics). */
export function isCurrent(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`) || (href === "/admin" && path.startsWith("/admin-"));
}

export const LOGOUT_TOAST_MS = 2000;
export const LOGOUT_REDIRECT_MS = 1500;

export function NavBar() {
  const { user, setUser } = useSession();
  const toast = useToast();
  const [path, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const unread = useUnreadNotifications(path, Boolean(user));

  // Close the phone menu on navigation and with Escape.
  useEffect(() => setMenuOpen(false), [path]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  async function onLogout() {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // Spec: a failed logout shows no message; the local session ends anyway.
    }
    setUser(null);
    setLeaving(false);
    toast.show("Logout successful!", { kind: "success", duration: LOGOUT_TOAST_MS });
    // Protected pages already send a signed-out visitor to /login; this covers the public ones.
    setTimeout(() => {
      if (window.location.pathname !== "/login") navigate("/login");
    }, LOGOUT_REDIRECT_MS);
  }

  if (!user) {
    return (
      <header className="navbar">
        <div className="container navbar__inner navbar__inner--guest">
          <BrandLink href="/" />
          <GuestActions label="Main" loginLabel="Login" />
        </div>
      </header>
    );
  }

  const items = NAV_ITEMS.filter((item) => !item.adminOnly || user.is_admin);
  return (
    <header className="navbar">
      <div className="container navbar__inner">
        <BrandLink href="/dashboard" />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="navbar-panel"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? "x" : "menu"} />
          <span>Menu</span>
          <UnreadBadge count={unread} />
        </button>
        <div id="navbar-panel" className={menuOpen ? "navbar__panel is-open" : "navbar__panel"}>
          <NavLinks
            label="Main"
            className="navbar__links"
            linkClassName="navbar__link"
            items={items}
            isCurrent={(href) => isCurrent(path, href)}
          />
          <div className="navbar__account">
            <NotificationsLink unread={unread} current={isCurrent(path, "/notifications")} />
            <span className="navbar__greeting">{user.username ? `Hi, ${user.username}` : "Welcome"}</span>
            <Button size="sm" onClick={() => void onLogout()} busy={leaving}>
              Logout
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}
