/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), for tests of GET /metrics.
 * npm's parse-prometheus-text-format merges a labelled histogram's series into one and drops their
 * labels and counts, so this checks what Prometheus's own parser would refuse: names, label syntax
 * and escapes, values, one HELP and TYPE per family before its samples, the suffixes a type allows,
 * and a histogram's buckets (le ascending, counts cumulative, +Inf equal to _count).
 *
 *   const families = parsePrometheus(await res.text());
 *   total(families, "studyforge_http_request_duration_seconds", { route: "/api/tests/:id" });
 */

export interface PromSample {
  /** The sample's own name: the family's, or with _bucket, _sum, _count (histograms, summaries). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromFamily {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  samples: PromSample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = ["counter", "gauge", "histogram", "summary", "untyped"] as const;
const SUFFIXES: Record<PromFamily["type"], string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

/** Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case; prom-client writes "Nan"
 * (the event-loop lag mean before its first sample). */
function parseValue(text: string, line: string): number {
  const special = text.toLowerCase();
  if (special === "+inf" || special === "inf") return Infinity;
  if (special === "-inf") return -Infinity;
  if (special === "nan") return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a sample value: ${line}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `start` (the brace): the labels and the index after the closing brace. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (line[i] === "}") return { labels, end: i + 1 };
    const eq = line.indexOf("=", i);
    const name = line.slice(i, eq);
    if (eq < 0 || !LABEL_NAME.test(name) || line[eq + 1] !== '"') throw new Error(`bad label at ${i}: ${line}`);
    if (name in labels) throw new Error(`label ${name} twice: ${line}`);
    let value = "";
    for (i = eq + 2; line[i] !== '"'; i++) {
      if (i >= line.length) throw new Error(`unterminated label value: ${line}`);
      if (line[i] === "\\") {
        const escaped = line[++i];
        if (escaped === "n") value += "\n";
        else if (escaped === "\\" || escaped === '"') value += escaped;
        else throw new Error(`bad escape \\${escaped}: ${line}`);
      } else value += line[i];
    }
    labels[name] = value;
    i++;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") throw new Error(`expected , or } at ${i}: ${line}`);
  }
}

function parseSample(line: string): PromSample {
  const nameEnd = line.search(/[{ ]/);
  const name = nameEnd < 0 ? line : line.slice(0, nameEnd);
  if (!METRIC_NAME.test(name)) throw new Error(`bad metric name: ${line}`);
  let labels: Record<string, string> = {};
  let rest = line.slice(name.length);
  if (rest.startsWith("{")) {
    const parsed = parseLabels(line, name.length);
    labels = parsed.labels;
    rest = line.slice(parsed.end);
  }
  const parts = rest.trim().split(/ +/);
  if (!rest.startsWith(" ") || parts.length < 1 || parts.length > 2) throw new Error(`bad sample line: ${line}`);
  if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`bad timestamp: ${line}`);
  return { name, labels, value: parseValue(parts[0]!, line) };
}

/** Buckets cumulative and ascending, +Inf present and equal to _count, for each series of a histogram. */
function checkHistogram(family: PromFamily): void {
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== "le").sort());
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const entry = series.get(key(s.labels)) ?? { buckets: [] };
    series.set(key(s.labels), entry);
    if (s.name.endsWith("_bucket")) {
      if (s.labels.le === undefined) throw new Error(`${s.name} without le`);
      entry.buckets.push([parseValue(s.labels.le, s.name), s.value]);
    } else if (s.name.endsWith("_count")) entry.count = s.value;
  }
  for (const [labels, { buckets, count }] of series) {
    for (let i = 1; i < buckets.length; i++) {
      if (!(buckets[i]![0] > buckets[i - 1]![0]) || buckets[i]![1] < buckets[i - 1]![1]) throw new Error(`${family.name}${labels}: buckets not cumulative`);
    }
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count) throw new Error(`${family.name}${labels}: +Inf bucket missing or not equal to _count`);
  }
}

export function parsePrometheus(text: string): PromFamily[] {
  const families: PromFamily[] = [];
  const byName = new Map<string, PromFamily>();
  const familyOf = (name: string) => {
    let family = byName.get(name);
    if (!family) {
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name: ${name}`);
      family = { name, help: "", type: "untyped", samples: [] };
      byName.set(name, family);
      families.push(family);
    }
    return family;
  };
  const typed = new Set<string>();
  let current: PromFamily | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
    if (meta) {
      const family = familyOf(meta[2]!);
      if (family.samples.length) throw new Error(`${meta[1]} after the samples of ${family.name}`);
      if (meta[1] === "HELP") family.help = (meta[3] ?? "").replace(/\\(n|\\)/g, (_, c: string) => (c === "n" ? "\n" : "\\"));
      else {
        const type = meta[3] as PromFamily["type"];
        if (!TYPES.includes(type) || typed.has(family.name)) throw new Error(`bad or second TYPE: ${line}`);
        typed.add(family.name);
        family.type = type;
      }
      current = family;
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = parseSample(line);
    const family = current && SUFFIXES[current.type].some((s) => sample.name === current!.name + s) ? current : familyOf(sample.name);
    if (family !== current && family.samples.length) throw new Error(`samples of ${family.name} are not together`);
    current = family;
    family.samples.push(sample);
  }
  for (const family of families) if (family.type === "histogram") checkHistogram(family);
  return families;
}

const matches = (sample: PromSample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => sample.labels[k] === v);

/** The samples named `name` (a family's, or one of its suffixed series) whose labels include `labels`. */
export function samplesOf(families: PromFamily[], name: string, labels: Record<string, string> = {}): PromSample[] {
  return families.flatMap((f) => f.samples).filter((s) => s.name === name && matches(s, labels));
}

/** A counter's or gauge's value, or a histogram's observation count, summed over the matching series. */
export function total(families: PromFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const sampleName = family?.type === "histogram" ? `${name}_count` : name;
  return samplesOf(families, sampleName, labels).reduce((sum, s) => sum + s.value, 0);
}
