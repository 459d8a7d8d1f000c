/** The frame around every page: skip link, navigation bar (where the spec wants one), main, footer. */
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "wouter";
import { NavBar } from "./NavBar.tsx";
import { SiteFooter } from "./SiteFooter.tsx";

/** Pages that show no navigation bar (spec §2). */
export const PATHS_WITHOUT_NAV = new Set(["/", "/login", "/register"]);

export function AppShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const showNav = !PATHS_WITHOUT_NAV.has(normalized);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After a page change: back to the top, and focus on the new page's title for screen readers.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const frame = requestAnimationFrame(() => {
      const main = mainRef.current;
      const title = main?.querySelector<HTMLElement>("[data-page-title]");
      (title ?? main)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [normalized]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {showNav && <NavBar />}
      <main id="main" ref={mainRef} className="app-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
