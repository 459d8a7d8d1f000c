import { ButtonLink } from "./Button.tsx";

/** The logged-out visitor's pair of buttons: log in (quiet) and sign up (primary). */
export function GuestActions({ label, loginLabel }: { label: string; loginLabel: string }) {
  return (
    <nav aria-label={label} className="guest-actions">
      <ButtonLink href="/login" variant="ghost">
        {loginLabel}
      </ButtonLink>
      <ButtonLink href="/register" variant="primary">
        Sign Up
      </ButtonLink>
    </nav>
  );
}
