/**
 * One question of an item analysis: its figures, its flags in words, and how often each option was
 * chosen as a table whose cells carry a small bar (the bar is decoration; the count and share are text).
 * Short answers list their most common wrong answers instead.
 */
import type { ItemAnalysis } from "../../api/item-analysis.ts";
import { Card } from "../../components/Card.tsx";
import { Icon } from "../../components/Icon.tsx";
import { Table, type Column } from "../../components/Table.tsx";
import { plural } from "../../format.ts";

const TYPE_LABELS: Record<ItemAnalysis["type"], string> = {
  multiple_choice: "Multiple choice",
  true_false: "True or false",
  short_answer: "Short answer",
};

/** 0.667 → "0.67"; null → "—". */
export const figure = (value: number | null) => (value === null ? "—" : value.toFixed(2));
const percent = (share: number) => `${Math.round(share * 100)}%`;

type OptionRow = ItemAnalysis["options"][number];

function ShareBar({ share, correct }: { share: number; correct: boolean }) {
  return (
    <span className="share-bar" aria-hidden="true">
      <span className={correct ? "share-bar__fill share-bar__fill--key" : "share-bar__fill"} style={{ width: `${Math.round(share * 100)}%` }} />
    </span>
  );
}

const OPTION_COLUMNS: Column<OptionRow>[] = [
  {
    key: "option",
    header: "Option",
    primary: true,
    render: (o) => (
      <span className="option-label">
        {o.option}
        {o.correct && (
          <span className="key-mark">
            <Icon name="check" size={16} /> Key
          </span>
        )}
      </span>
    ),
  },
  {
    key: "chosen",
    header: "Chosen",
    render: (o) => (
      <span className="share">
        <ShareBar share={o.share} correct={o.correct} />
        <span className="share__text">
          {o.count} ({percent(o.share)})
        </span>
      </span>
    ),
  },
];

const WRONG_COLUMNS: Column<ItemAnalysis["wrong_answers"][number]>[] = [
  { key: "answer", header: "Wrong answer", primary: true, render: (w) => w.answer },
  { key: "count", header: "Given", align: "end", render: (w) => w.count },
];

export function ItemCard({ item }: { item: ItemAnalysis }) {
  const number = item.index + 1;
  return (
    <Card title={`Question ${number}`} titleAs="h3" className="item-card" actions={<span className="muted small">{TYPE_LABELS[item.type]}</span>}>
      <p className="item-card__question">{item.question}</p>
      <p className="small">
        <strong>Key:</strong> {item.answer}
      </p>
      <dl className="item-card__figures">
        <div>
          <dt>Attempts</dt>
          <dd>{item.attempts}</dd>
        </div>
        <div>
          <dt>Facility</dt>
          <dd>{figure(item.facility)}</dd>
        </div>
        <div>
          <dt>Discrimination (r)</dt>
          <dd>{figure(item.point_biserial)}</dd>
        </div>
        <div>
          <dt>Upper − lower 27%</dt>
          <dd>{figure(item.upper_lower)}</dd>
        </div>
      </dl>
      {item.flags.length > 0 && (
        <ul className="item-flags" aria-label={`Problems with question ${number}`}>
          {item.flags.map((flag) => (
            <li key={flag.code} className="item-flags__flag">
              <Icon name="alert" size={18} label="Check" />
              <span>{flag.message}</span>
            </li>
          ))}
        </ul>
      )}
      {item.type === "short_answer" ? (
        item.wrong_answers.length > 0 ? (
          <Table caption={`Most common wrong answers to question ${number}`} columns={WRONG_COLUMNS} rows={item.wrong_answers} rowKey={(w) => w.answer} />
        ) : (
          <p className="muted small">No wrong answers given.</p>
        )
      ) : (
        <Table caption={`How often each option of question ${number} was chosen`} columns={OPTION_COLUMNS} rows={item.options} rowKey={(o) => o.option} />
      )}
      {item.unanswered > 0 && <p className="muted small">{plural(item.unanswered, "attempt")} left it unanswered.</p>}
    </Card>
  );
}
