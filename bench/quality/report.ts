/**
 * What the question-quality benchmark prints (pass rates per check and per document, one column per
 * provider) and the file it writes for a teacher to rate every item by the rubric.
 */
import type { Question } from "../../src/generation/providers/types.ts";
import { copiedFromPage, ITEM_CHECKS, norm, stemForm, TEST_CHECKS, type ItemCheckName, type TestCheckName, type Verdict } from "./checks.ts";

export interface RunResult {
  provider: string;
  document: string;
  topic: string;
  difficulty: string;
  questions: Question[];
  /** Questions asked for (a pipeline may finish with fewer, and say so). */
  requested: number;
  /** Why the run gave no test (the pipeline's message). */
  error?: string;
  items: [ItemCheckName, NonNullable<Verdict>][][];
  tests: [TestCheckName, NonNullable<Verdict>][];
  citedTexts: string[];
  /** Items the pipeline's validation refused in this run, by reason. */
  refused: Map<string, number>;
}

export interface ProviderSummary {
  provider: string;
  model: string;
  seconds: number;
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : "–");
const passing = (verdicts: [string, NonNullable<Verdict>][]) => verdicts.every(([, v]) => v.pass);

interface Tally {
  pass: number;
  of: number;
}
function tally<T>(rows: T[], verdictOf: (row: T) => NonNullable<Verdict> | undefined): Tally {
  const verdicts = rows.map(verdictOf).filter((v) => v !== undefined);
  return { pass: verdicts.filter((v) => v.pass).length, of: verdicts.length };
}
const cell = ({ pass, of }: Tally, unit = "") => `${pct(pass, of).padStart(6)} (${pass}/${of}${unit})`.padEnd(22);

export function summaryTable(results: RunResult[], providers: ProviderSummary[], goal: number): string[] {
  const lines: string[] = [];
  const of = (p: string) => results.filter((r) => r.provider === p);
  const items = (p: string) => of(p).flatMap((r) => r.items);
  for (const p of providers) {
    const runs = of(p.provider);
    const failed = runs.filter((r) => r.error).length;
    const short = runs.filter((r) => !r.error && r.questions.length < r.requested).length;
    const refused = runs.reduce((n, r) => n + [...r.refused.values()].reduce((a, b) => a + b, 0), 0);
    lines.push(
      `${p.provider} (${p.model}): ${items(p.provider).length} items in ${runs.length - failed} tests, ${failed} runs gave no test, ${short} tests short of the count, ` +
        `${refused} items refused by validation, ${p.seconds.toFixed(1)} s`,
    );
  }
  lines.push("", `  ${"check".padEnd(26)}${providers.map((p) => p.provider.padEnd(22)).join("")}`);
  for (const name of Object.keys(ITEM_CHECKS) as ItemCheckName[]) {
    const cells = providers.map((p) => cell(tally(items(p.provider), (verdicts) => verdicts.find(([n]) => n === name)?.[1])));
    lines.push(`  ${name.padEnd(26)}${cells.join("")}`);
  }
  for (const name of Object.keys(TEST_CHECKS) as TestCheckName[]) {
    const cells = providers.map((p) => cell(tally(of(p.provider).filter((r) => !r.error), (r) => r.tests.find(([n]) => n === name)?.[1]), " tests"));
    lines.push(`  ${name.padEnd(26)}${cells.join("")}`);
  }
  const all = providers.map((p) => {
    const list = items(p.provider);
    return cell({ pass: list.filter(passing).length, of: list.length });
  });
  lines.push(`  ${"every item check".padEnd(26)}${all.join("")}  goal: ≥ ${goal}% acceptable to a teacher (checks are necessary, not sufficient)`);

  for (const difficulty of [...new Set(results.map((r) => r.difficulty))]) {
    const cells = providers.map((p) => {
      const list = of(p.provider).filter((r) => r.difficulty === difficulty).flatMap((r) => r.items);
      return cell({ pass: list.filter(passing).length, of: list.length });
    });
    lines.push(`  ${`  of them ${difficulty}`.padEnd(26)}${cells.join("")}`);
  }
  lines.push("", `  ${"document".padEnd(26)}${"provider".padEnd(10)}${"items".padStart(6)}${"no test".padStart(9)}  ${"every check".padEnd(22)}weakest check`);
  const documents = [...new Set(results.map((r) => r.document))];
  for (const doc of documents) {
    for (const p of providers) {
      const runs = of(p.provider).filter((r) => r.document === doc);
      const list = runs.flatMap((r) => r.items);
      const weakest = (Object.keys(ITEM_CHECKS) as ItemCheckName[])
        .map((name) => ({ name, t: tally(list, (verdicts) => verdicts.find(([n]) => n === name)?.[1]) }))
        .filter(({ t }) => t.of > 0)
        .sort((a, b) => a.t.pass / a.t.of - b.t.pass / b.t.of)[0];
      lines.push(
        `  ${doc.padEnd(26)}${p.provider.padEnd(10)}${String(list.length).padStart(6)}${String(runs.filter((r) => r.error).length).padStart(9)}  ` +
          `${cell({ pass: list.filter(passing).length, of: list.length })}${weakest ? `${weakest.name} ${pct(weakest.t.pass, weakest.t.of)}` : ""}`,
      );
    }
  }
  lines.push("", "  what the items are (figures, not faults):");
  for (const p of providers) {
    const runs = of(p.provider);
    const all = runs.flatMap((r) => r.questions.map((q, i) => ({ q, cited: r.citedTexts[i] ?? "", topic: r.topic })));
    const share = (f: (x: (typeof all)[number]) => boolean) => pct(all.filter(f).length, all.length);
    lines.push(
      `    ${p.provider}: cloze ${share((x) => stemForm(x.q) === "cloze")}, questions ${share((x) => stemForm(x.q) === "question")}, ` +
        `statements ${share((x) => stemForm(x.q) === "statement")}; stem a page sentence word for word ${share((x) => copiedFromPage({ item: x.q, topic: x.topic, citedText: x.cited }))}`,
    );
  }
  const errors = results.filter((r) => r.error);
  if (errors.length) lines.push("", "  runs that gave no test:");
  for (const r of errors.slice(0, 12)) lines.push(`    ${r.provider} ${r.document} "${r.topic}" ${r.difficulty}: ${r.error}`);
  return lines;
}

const EXCERPT_CHARS = 400;

/** The sentence of the cited pages the item rests on: the one sharing most words with the stem, the key counting extra. */
export function citedSentence(q: Question, citedText: string): string {
  if (q.source) return q.source;
  const sentences = citedText.replace(/\s+/g, " ").split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  const words = new Set(norm(q.question).split(" ").filter((w) => w.length > 3));
  const key = q.type === "true_false" ? "" : ` ${norm(q.answer)} `;
  let best = "";
  let score = 0;
  for (const s of sentences) {
    const shared = new Set(norm(s).split(" ").filter((w) => words.has(w))).size + (key && ` ${norm(s)} `.includes(key) ? 3 : 0);
    if (shared > score) [best, score] = [s, shared];
  }
  const text = best || citedText.replace(/\s+/g, " ");
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

const TYPE_NAMES = { multiple_choice: "multiple choice", true_false: "true/false", short_answer: "short answer" } as const;
const LETTERS = "ABCD";
/** One line of the item's own text: the file is read raw as often as rendered, so nothing is escaped. */
const md = (s: string) => s.replace(/\s+/g, " ").trim();

export function teacherFile(results: RunResult[], heading: string[], opts: { hints: boolean }): string {
  const out: string[] = [
    "# Question-quality benchmark: items to rate",
    "",
    ...heading,
    "",
    "Rate each item with ../shared/quality/question-rubric.md: replace the Rating line's choices with one of",
    "ACCEPT, FIXABLE or REJECT and a few words of reason." + (opts.hints ? " Check failures are listed under each item as a hint only." : ""),
    "",
  ];
  let n = 0;
  for (const run of results) {
    out.push(`## ${run.document} · "${run.topic}" · ${run.difficulty} · ${run.provider}`, "");
    if (run.error) {
      out.push(`No test: ${run.error}`, "");
      continue;
    }
    const testFails = run.tests.filter(([, v]) => !v.pass).map(([name, v]) => `${name}: ${v.pass ? "" : v.why}`);
    if (testFails.length && opts.hints) out.push(`Test-level: ${testFails.join("; ")}`, "");
    for (const [i, q] of run.questions.entries()) {
      n++;
      out.push(`### ${n}. ${TYPE_NAMES[q.type]} (topic "${run.topic}", page ${q.source_pages.join(", ") || "none"})`, "", md(q.question), "");
      if (q.type === "multiple_choice") {
        for (const [j, o] of q.options.entries()) out.push(`- ${LETTERS[j]}) ${md(o)}${norm(o) === norm(q.answer) ? "  **(key)**" : ""}`);
        out.push("");
      } else {
        out.push(`Key: **${md(q.answer)}**${q.accepted_answers?.length ? ` (also accepted: ${q.accepted_answers.map(md).join("; ")})` : ""}`, "");
      }
      out.push(`> Cited (p. ${q.source_pages.join(", ")}): ${md(citedSentence(q, run.citedTexts[i] ?? ""))}`, "");
      const fails = (run.items[i] ?? []).filter(([, v]) => !v.pass).map(([name, v]) => `${name} (${v.pass ? "" : v.why})`);
      if (opts.hints) out.push(`Checks: ${fails.length ? `failed ${fails.join("; ")}` : "all passed"}`, "");
      out.push("Rating: ACCEPT / FIXABLE / REJECT — reason:", "");
    }
  }
  return out.join("\n");
}
