/** The dashboard's assignments from the student's teachers: what is to do first, with Take. Hidden when there are none. */
import { Link } from "wouter";
import { errorMessage } from "../../api/client.ts";
import { myAssignments } from "../../api/teaching.ts";
import { Card } from "../../components/Card.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { useLoad } from "../../hooks/useLoad.ts";
import "../../styles/classroom.css";
import { dueText } from "../teaching/assignment-text.ts";
import { AssignmentAction } from "../teaching/MemberAssignmentsCard.tsx";
import { StateBadge } from "../teaching/StateBadge.tsx";

/** Assignments on the dashboard; the rest are on each class's page. */
const SHOWN = 5;

export function AssignmentsCard() {
  const assignments = useLoad("my-assignments", (signal) => myAssignments({ signal }));
  if (assignments.failed) {
    return (
      <Card title="Assignments">
        <RetryAlert onRetry={assignments.reload}>{errorMessage(assignments.error, "Failed to load your assignments.")}</RetryAlert>
      </Card>
    );
  }
  if (!assignments.data?.length) return null;
  return (
    <Card title="Assignments" actions={<Link href="/classes">Your classes</Link>}>
      <ul className="plain-list assignment-list">
        {assignments.data.slice(0, SHOWN).map((a) => (
          <li key={a.id} className="assignment-list__item">
            <div className="assignment-list__text">
              <Link href={`/classes/${a.class_id}`} className="assignment-list__name">
                {a.test_name}
              </Link>
              <span className="muted">
                {a.class_name} · {dueText(a.due_at)}
              </span>
            </div>
            <div className="assignment-list__actions">
              <StateBadge state={a.state} />
              <AssignmentAction assignment={a} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
