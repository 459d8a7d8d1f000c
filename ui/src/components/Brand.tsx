import { Link } from "wouter";

/** The StudyForge mark (same drawing as the favicon). */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="brand__mark">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M8 9.5c2.8-.9 5.5-.6 8 1 2.5-1.6 5.2-1.9 8-1v13c-2.8-.9-5.5-.6-8 1-2.5-1.6-5.2-1.9-8-1z" fill="none" stroke="var(--brand-ink, #fff)" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M16 10.5v13" stroke="var(--brand-ink, #fff)" strokeWidth="1.8" />
      <path d="m18.6 16.2 1.6 1.6 3-3.2" fill="none" stroke="var(--brand-ink, #fff)" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function BrandLink({ href }: { href: string }) {
  return (
    <Link href={href} className="brand">
      <BrandMark />
      <span className="brand__name">StudyForge</span>
    </Link>
  );
}
