/** A named list of navigation links, the current one marked (aria-current and `is-active`). */
import { Link } from "wouter";

export interface NavLink {
  href: string;
  label: string;
}

export interface NavLinksProps {
  /** Names the navigation landmark ("Main", "Administration"). */
  label: string;
  className: string;
  /** The class of each link; the current one also gets `is-active`. */
  linkClassName: string;
  items: NavLink[];
  isCurrent: (href: string) => boolean;
}

export function NavLinks({ label, className, linkClassName, items, isCurrent }: NavLinksProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul>
        {items.map((item) => {
          const current = isCurrent(item.href);
          return (
            <li key={item.href}>
              <Link href={item.href} className={current ? `${linkClassName} is-active` : linkClassName} aria-current={current ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
