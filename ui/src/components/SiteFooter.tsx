import { Link } from "wouter";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__credit">
          <strong>StudyForge</strong> · Built by students, for students — made by the StudyForge student team.
        </p>
        <nav aria-label="Legal" className="site-footer__links">
          <Link href="/privacy">Privacy</Link>
          <Link href="/terms">Terms</Link>
        </nav>
      </div>
    </footer>
  );
}
