/** The centred card of the account pages (login, sign-up, password reset, verification). */
import type { ReactNode } from "react";
import { usePageTitle } from "../hooks/usePageTitle.ts";
import { BrandLink } from "./Brand.tsx";

export interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** Show the brand (a link home) above the card, for pages without a navigation bar. */
  brand?: boolean;
  /** Links under the card's content ("New here? Create an account"). */
  footer?: ReactNode;
  children?: ReactNode;
}

export function AuthCard({ title, intro, brand = false, footer, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <div className="auth">
      {brand && (
        <div className="auth__brand">
          <BrandLink href="/" />
        </div>
      )}
      <div className="auth__card">
        <h1 className="auth__title" tabIndex={-1} data-page-title>
          {title}
        </h1>
        {intro && <div className="auth__intro">{intro}</div>}
        <div className="stack">{children}</div>
      </div>
      {footer && <div className="auth__footer">{footer}</div>}
    </div>
  );
}
