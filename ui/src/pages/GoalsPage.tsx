/**
 * `/goals`: the student's goals with their progress, which comes from tests taken and flashcards
 * reviewed (never typed in); add, change and delete them. Reached from the dashboard's goals card.
 */
import { useState } from "react";
import { errorMessage } from "../api/client.ts";
import { DELETE_GOAL_FAILED, deleteGoal, listGoals, LOAD_GOALS_FAILED, type GoalOut } from "../api/goals.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { DeleteDialog } from "../components/DeleteDialog.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Page } from "../components/Page.tsx";
import { ProgressBar } from "../components/ProgressBar.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { RowDeleteButton } from "../components/RowDeleteButton.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { formatPercent, plural } from "../format.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { GoalForm } from "./goals/GoalForm.tsx";
import "../styles/goals-notifications.css";

/** What the progress is made of, in words. */
export function goalDetail(goal: GoalOut): string {
  const window = goal.within_days ? ` in the last ${plural(goal.within_days, "day")}` : " since you set it";
  switch (goal.kind) {
    case "tests_taken":
      return `${goal.current ?? 0} of ${goal.target} tests taken${window}.`;
    case "average_score":
      return goal.current === null ? `No tests${goal.topic ? ` on ${goal.topic}` : ""} taken${window} yet.` : `Average ${formatPercent(goal.current)} of ${goal.target}%${window}.`;
    case "cards_reviewed":
      return `${goal.current ?? 0} of ${goal.target} cards reviewed${window}.`;
    case "set_mastered":
      return goal.current === null ? "The study set was deleted." : `${goal.current}% of the set's cards learned.`;
  }
}

export function GoalsPage() {
  const goals = useLoad("goals", (signal) => listGoals({ signal }));
  const [editing, setEditing] = useState<GoalOut | null>(null);
  const [deleting, setDeleting] = useState<GoalOut | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  let list;
  if (goals.loading && !goals.data) list = <Spinner label="Loading your goals…" />;
  else if (goals.failed) list = <RetryAlert onRetry={goals.reload}>{errorMessage(goals.error, LOAD_GOALS_FAILED)}</RetryAlert>;
  else if (goals.data?.length === 0) {
    list = (
      <EmptyState icon="target" title="No goals yet.">
        Add one above: it fills by itself as you take tests and review flashcards.
      </EmptyState>
    );
  } else if (goals.data) {
    list = (
      <ul className="plain-list stack goal-list">
        {goals.data.map((goal) => (
          <li key={goal.id} className="goal-list__item">
            <ProgressBar label={goal.reached ? `${goal.title} (reached)` : goal.title} value={goal.progress} tone={goal.progress >= 100 ? "success" : "primary"} />
            <p className="muted">{goalDetail(goal)}</p>
            <div className="row-actions">
              <Button size="sm" onClick={() => setEditing(goal)}>
                Edit<span className="visually-hidden"> {goal.title}</span>
              </Button>
              <RowDeleteButton name={goal.title} onClick={() => setDeleting(goal)} />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page title="Your Goals" description="Goals fill by themselves as you take tests and review flashcards.">
      <div className="stack stack--lg">
        <Card title={editing ? "Change the goal" : "New goal"}>
          {saved && <Alert kind="success">{saved}</Alert>}
          <GoalForm
            key={editing?.id ?? "new"}
            editing={editing}
            onCancel={() => setEditing(null)}
            onSaved={(goal, created) => {
              setSaved(created ? `Added the goal "${goal.title}".` : `Saved the goal "${goal.title}".`);
              setEditing(null);
              goals.reload();
            }}
          />
        </Card>
        <Card title={goals.data?.length ? `Your goals (${goals.data.length})` : "Your goals"}>{list}</Card>
      </div>
      <DeleteDialog
        target={deleting}
        title="Delete this goal?"
        remove={(goal) => deleteGoal(goal.id)}
        done={(goal) => `Deleted the goal "${goal.title}".`}
        failed={DELETE_GOAL_FAILED}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSaved(null);
          goals.reload();
        }}
      >
        <p>
          <strong>{deleting?.title}</strong> will be deleted. Your tests and flashcards stay.
        </p>
      </DeleteDialog>
    </Page>
  );
}
