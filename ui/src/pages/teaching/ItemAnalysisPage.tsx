/**
 * `/tests/{id}/analysis`: the item analysis of one of the user's tests. Which attempts count (each
 * person's first, latest, or all), how to read the figures, a chart of facility and discrimination
 * per question with its numbers as a table, and one card per question with its option counts and
 * its flags. Loaded lazily (routes.tsx): it draws with the chart library.
 */
import { useState } from "react";
import { Link, useParams, useSearchParams } from "wouter";
import { ApiError, errorMessage } from "../../api/client.ts";
import { getItemAnalysis, itemAnalysisHref, type AttemptChoice, type ItemAnalysisOut } from "../../api/item-analysis.ts";
import { Alert } from "../../components/Alert.tsx";
import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Page } from "../../components/Page.tsx";
import { RetryAlert } from "../../components/RetryAlert.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { plural } from "../../format.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { parseId } from "../../hooks/usePageId.ts";
import { ChartCard } from "../admin/analytics/ChartCard.tsx";
import { figure, ItemCard } from "./ItemCard.tsx";
import { ItemFiguresChart, type FigureRow } from "./ItemFiguresChart.tsx";
import { MissingRecordPage } from "./MissingRecordPage.tsx";
import "../../styles/teaching.css";

export const ANALYSIS_FAILED = "Failed to load the item analysis. Please try again.";

const CHOICES: { value: AttemptChoice; label: string; explain: string }[] = [
  { value: "first", label: "First", explain: "Each person's first attempt counts: later ones are taken knowing the questions." },
  { value: "latest", label: "Latest", explain: "Each person's latest attempt counts: where the class stands now." },
  { value: "all", label: "All", explain: "Every attempt counts, so people who practised more weigh more." },
];

type Item = ItemAnalysisOut["questions"][number];

function AttemptSwitch({ value, onChange, busy }: { value: AttemptChoice; onChange: (value: AttemptChoice) => void; busy: boolean }) {
  return (
    <div className="period-row">
      <fieldset className="segmented">
        <legend className="segmented__legend">Attempts counted</legend>
        <div className="segmented__options">
          {CHOICES.map((c) => (
            <label key={c.value} className="segmented__option">
              <input type="radio" name="attempts" value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} />
              <span>{c.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {busy && <Spinner size="sm" label="Updating…" />}
    </div>
  );
}

function Notes({ data }: { data: ItemAnalysisOut }) {
  const { counted } = data;
  return (
    <>
      {counted.owner_only && (
        <Alert kind="info">Only you have taken this test, so these are your own attempts. Once others take it, only theirs count.</Alert>
      )}
      {counted.attempts > 0 && !data.reliable && (
        <Alert kind="warning" title="Not yet reliable">
          With {plural(counted.attempts, "attempt")} the figures can change a lot with the next few; they become dependable from about{" "}
          {data.min_reliable_attempts}. Flags about distractors, keys and easy questions wait for {data.min_flag_attempts} attempts.
        </Alert>
      )}
      {counted.left_out_changed > 0 && (
        <Alert kind="info">
          {plural(counted.left_out_changed, "attempt")} made before questions were added or removed {counted.left_out_changed === 1 ? "is" : "are"} left out.
        </Alert>
      )}
      {counted.truncated && <Alert kind="info">This test has more attempts than one analysis reads; the oldest {counted.attempts} are counted.</Alert>}
    </>
  );
}

function HowToRead() {
  return (
    <Card title="How to read this">
      <dl className="how-to-read">
        <dt>Facility</dt>
        <dd>The share of attempts that got the question right, from 0 to 1. Below 0.3 the question is hard for this group; above 0.9 it is easy.</dd>
        <dt>Discrimination (r)</dt>
        <dd>
          The index shown is the <strong>corrected point-biserial correlation</strong>: how strongly getting this question right goes with
          a high score on the rest of the test (the total without this question), from −1 to 1. Above 0.3 the question separates students
          who know the material from those who do not; 0.1 to 0.3 it does somewhat; near 0 it does not; below 0 weaker students do better on
          it, so check the key and the wording.
        </dd>
        <dt>Upper − lower 27%</dt>
        <dd>The share right among the top 27% of attempts (by total score) minus the share right among the bottom 27%, read the same way.</dd>
      </dl>
    </Card>
  );
}

const FIGURE_COLUMNS = [
  { key: "question", header: "Question", primary: true, render: (q: Item) => `Q${q.index + 1}` },
  { key: "facility", header: "Facility", align: "end" as const, render: (q: Item) => figure(q.facility) },
  { key: "r", header: "Discrimination (r)", align: "end" as const, render: (q: Item) => figure(q.point_biserial) },
  { key: "ul", header: "Upper − lower", align: "end" as const, render: (q: Item) => figure(q.upper_lower) },
  { key: "flags", header: "Flags", render: (q: Item) => (q.flags.length ? plural(q.flags.length, "flag") : "None") },
];

function Analysis({ data }: { data: ItemAnalysisOut }) {
  const flagged = data.questions.filter((q) => q.flags.length > 0);
  const rows: FigureRow[] = data.questions.map((q) => ({ label: `Q${q.index + 1}`, facility: q.facility, discrimination: q.point_biserial }));
  return (
    <>
      <ChartCard
        title="Facility and discrimination per question"
        empty={data.counted.attempts === 0 && "Nobody has taken this test yet. Assign it to a class, and the figures appear as students submit."}
        summary={`Mean score ${data.mean_score ?? "—"}% over ${plural(data.counted.attempts, "attempt")} by ${plural(data.counted.people, "person", "people")}. ${
          flagged.length ? `${plural(flagged.length, "question")} flagged: ${flagged.map((q) => `Q${q.index + 1}`).join(", ")}.` : "No question is flagged."
        }`}
        chart={<ItemFiguresChart rows={rows} />}
        columns={FIGURE_COLUMNS}
        rows={data.questions}
        rowKey={(q) => q.index}
      />
      {data.counted.attempts > 0 && (
        <section className="stack" aria-labelledby="per-question">
          <h2 id="per-question">Question by question</h2>
          <div className="analytics-grid">
            {data.questions.map((item) => (
              <ItemCard key={item.index} item={item} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}

export function ItemAnalysisPage() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  // ?class= counts only that class's members (the class results page links so).
  const [search] = useSearchParams();
  const classParam = parseId(search.get("class"));
  const classId = classParam.kind === "ok" ? classParam.id : null;
  const [attempts, setAttempts] = useState<AttemptChoice>("first");
  const loaded = useLoad(id.kind === "ok" ? `${id.id}:${attempts}:${classId}` : null, (signal) =>
    getItemAnalysis((id as { id: number }).id, attempts, classId, { signal, fallback: ANALYSIS_FAILED }),
  );
  const data = loaded.data;

  if (id.kind !== "ok" || (loaded.error instanceof ApiError && loaded.error.status === 404)) {
    return <MissingRecordPage title="Test not found" message="This test does not exist, or it is not yours." back={{ href: "/dashboard", label: "Back to the dashboard" }} />;
  }
  return (
    <Page
      title="Item analysis"
      description={data ? (data.class ? `${data.name} · students of ${data.class.name}` : data.name) : undefined}
      actions={id.kind === "ok" && <ButtonLink href={`/generated-test?id=${id.id}`}>Back to the test</ButtonLink>}
    >
      <div className="stack stack--lg">
        <AttemptSwitch value={attempts} onChange={setAttempts} busy={loaded.loading && data !== undefined} />
        <p className="muted">
          {CHOICES.find((c) => c.value === attempts)!.explain}{" "}
          {data?.class ? (
            <>
              Only the students of {data.class.name} count. <Link href={itemAnalysisHref(data.test_id)}>Count every class</Link>.
            </>
          ) : (
            "Students of every class the test is assigned to count; your own attempts only while nobody else has taken it."
          )}
        </p>
        {loaded.failed ? (
          <RetryAlert onRetry={loaded.reload}>{errorMessage(loaded.error, ANALYSIS_FAILED)}</RetryAlert>
        ) : !data ? (
          <Spinner label="Loading the item analysis…" />
        ) : (
          <>
            <Notes data={data} />
            <HowToRead />
            <Analysis data={data} />
          </>
        )}
      </div>
    </Page>
  );
}
