/** The admin tables' cells and details: a person (name over e-mail), yes/no, and an account's status — in words, never colour alone. */
import type { ReactNode } from "react";
import { Icon } from "../../components/Icon.tsx";

/** An e-mail address that may break after its @ (and nowhere else) on a narrow screen. */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** A name over a second line (an e-mail address, an IP address). */
export function PersonCell({ name, detail, note, more }: { name: ReactNode; detail?: string | null; note?: ReactNode; more?: ReactNode }) {
  return (
    <span className="admin-user">
      <span className="admin-user__name">
        {name}
        {note}
      </span>
      {detail && (
        <span className="admin-user__email">
          <Email address={detail} />
        </span>
      )}
      {more && <span className="admin-user__email">{more}</span>}
    </span>
  );
}

export function YesNo({ value }: { value: boolean }) {
  return (
    <span className={value ? "yes-no yes-no--yes" : "yes-no yes-no--no"}>
      <Icon name={value ? "check" : "x"} size={16} />
      {value ? "Yes" : "No"}
    </span>
  );
}

export function StatusBadge({ disabled }: { disabled: boolean }) {
  return <span className={disabled ? "status-badge status-badge--disabled" : "status-badge"}>{disabled ? "Disabled" : "Active"}</span>;
}

/** A list of labelled values (the `details` look): [label, value] pairs in order. */
export function DetailList({ items, className }: { items: [label: string, value: ReactNode][]; className?: string }) {
  return (
    <dl className={className ? `details ${className}` : "details"}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
