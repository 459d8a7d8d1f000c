import { Link } from "wouter";
import { Card } from "../../components/Card.tsx";
import { Icon, type IconName } from "../../components/Icon.tsx";

const ACTIONS: { href: string; label: string; text: string; icon: IconName }[] = [
  { href: "/upload", label: "Upload Study Guide", text: "Add a PDF to your library.", icon: "upload" },
  { href: "/testgenerator", label: "Generate Test", text: "Make a practice test from a guide.", icon: "sparkles" },
];

export function QuickActionsCard() {
  return (
    <Card title="Quick Actions" className="dashboard__wide">
      <ul className="action-tiles">
        {ACTIONS.map((action) => (
          <li key={action.href}>
            <Link href={action.href} className="action-tile">
              <span className="action-tile__icon">
                <Icon name={action.icon} size={24} />
              </span>
              <span className="action-tile__text">
                <span className="action-tile__label">{action.label}</span>
                <span className="action-tile__hint">{action.text}</span>
              </span>
              <Icon name="arrowRight" className="action-tile__arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
