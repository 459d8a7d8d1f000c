/** One topic on /ai-insights: figures, the accuracy chart, the most-missed questions, next steps, summary. */
import { Link } from "wouter";
import type { Insight, PageUnit } from "../../api/types.ts";
import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { formatDateTime, formatPercent, formatSources, plural } from "../../format.ts";
import { AccuracyChart } from "./AccuracyChart.tsx";

/** The generator opened with this file, topic and difficulty filled in. */
export function generatorHref(step: Insight["next_steps"]["take_test"]): string {
  const query = new URLSearchParams({ topic: step.topic, difficulty: step.difficulty });
  if (step.study_material_id !== null) query.set("file", String(step.study_material_id));
  return `/testgenerator?${query}`;
}

/** "page 4", "slides 3 and 5": pages of files of one kind are named as that kind calls them, of mixed kinds as pages. */
/** "slides 3 and 5", or with units mixed "page 2 and slide 3" (the server's twin is listPages in src/materials/formats/cite.ts). */
function pagesText(pages: { page: number; page_unit: PageUnit }[]): string {
  const unit = pages[0]?.page_unit ?? "page";
  const same = pages.every((p) => p.page_unit === unit);
  const items = pages.map((p) => (same ? String(p.page) : `${p.page_unit} ${p.page}`));
  const list = items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  return same ? `${pages.length === 1 ? unit : `${unit}s`} ${list}` : `${list}`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="insight__figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function change(points: number | null): string {
  if (points === null) return "—";
  return points === 0 ? "no change" : `${points > 0 ? "+" : "−"}${Math.abs(points)} points`;
}

function NextSteps({ insight }: { insight: Insight }) {
  const { review_pages: pages, flashcards, take_test: test } = insight.next_steps;
  const files = [...new Set(pages.map((p) => p.filename ?? "your study guide"))];
  return (
    <ul className="insight__steps">
      {pages.length > 0 && (
        <li>
          <strong>Review {pagesText(pages)}</strong> of {files.join(" and ")}: the questions you missed come from there.
        </li>
      )}
      {flashcards && (
        <li>
          <ButtonLink href={`/test-results?result=${flashcards.result_id}`} size="sm">
            Study the {flashcards.missed === 1 ? "question" : plural(flashcards.missed, "question")} you missed as flashcards
          </ButtonLink>
          <span className="insight__hint">
            On the results page, choose “Add the questions I missed to a study set”, then study them in <Link href="/study-sets">Study Sets</Link>.
          </span>
        </li>
      )}
      {test.untaken_test_id !== null && (
        <li>
          <ButtonLink href={`/take-test?id=${test.untaken_test_id}`} size="sm">
            Take the test you generated on {insight.topic}
          </ButtonLink>
        </li>
      )}
      <li>
        <ButtonLink href={generatorHref(test)} size="sm">
          Take {test.difficulty === "Easy" ? "an" : "a"} {test.difficulty} test on {test.topic}
        </ButtonLink>
        <span className="insight__hint">{test.reason}</span>
      </li>
    </ul>
  );
}

export function TopicInsightCard({ insight }: { insight: Insight }) {
  const practised = insight.attempts > 0;
  return (
    <Card as="article" title={insight.topic} titleAs="h2" className="insight">
      <p className="insight__meta">
        {plural(insight.attempts, "attempt")} · {plural(insight.tests, "test")} · last activity {formatDateTime(insight.last_activity)}
      </p>
      <p className="insight__summary">
        {insight.summary.text}
        {insight.summary.source === "ai" && <span className="insight__source"> (Written by AI from the figures below.)</span>}
      </p>
      {practised && (
        <>
          <dl className="insight__figures">
            <Figure label="Accuracy" value={formatPercent(insight.accuracy)} />
            <Figure label="Last 3 attempts" value={formatPercent(insight.recent_accuracy)} />
            <Figure label="Since first attempt" value={change(insight.change)} />
          </dl>
          <h3 className="insight__heading">Accuracy over time</h3>
          <AccuracyChart topic={insight.topic} history={insight.history} />
          <h3 className="insight__heading">Most missed</h3>
          {insight.most_missed.length === 0 ? (
            <p>You have not missed a question on this topic.</p>
          ) : (
            <ol className="insight__missed">
              {insight.most_missed.map((m) => (
                <li key={`${m.test_id}-${m.index}`}>
                  <span className="insight__question">{m.question}</span>
                  <span className="insight__hint">
                    Missed {m.missed} of {plural(m.asked, "time")} · Answer: {m.answer}
                    {formatSources(m.source_pages, m.page_unit) ? ` · ${formatSources(m.source_pages, m.page_unit)}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <h3 className="insight__heading">What to do next</h3>
      <NextSteps insight={insight} />
    </Card>
  );
}
