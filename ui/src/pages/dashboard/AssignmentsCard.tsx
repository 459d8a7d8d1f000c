/** The dashboard's assignments from the student's teachers: what is to do first, with Take. Hidden for someone who has none. */
import { Link } from "wouter";
import type { DashboardData } from "../../api/dashboard.ts";
import { plural } from "../../format.ts";
import "../../styles/classroom.css";
import { dueText } from "../teaching/assignment-text.ts";
import { AssignmentAction } from "../teaching/MemberAssignmentsCard.tsx";
import { StateBadge } from "../teaching/StateBadge.tsx";
import { DashboardCard } from "./DashboardCard.tsx";

export function AssignmentsCard({ data }: { data: Pick<DashboardData, "assignments" | "assignments_to_do"> | undefined }) {
  if (data && data.assignments.length === 0) return null;
  return (
    <DashboardCard title="Assignments" loading={!data} actions={<Link href="/classes">Your classes</Link>}>
      <p className="muted">{data?.assignments_to_do ? `${plural(data.assignments_to_do, "assignment")} to do.` : "Nothing to do right now."}</p>
      <ul className="score-list assignment-list">
        {data?.assignments.map((a) => (
          <li key={a.id} className="score-list__item">
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
    </DashboardCard>
  );
}
