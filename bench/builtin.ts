/**
 * Benchmark: the builtin provider writing 50 questions from a real book of 1,000+ pages.
 * The book is the C++ Annotations (Debian package c++-annotations-pdf); its text is extracted with
 * pdftotext and cleaned (src/materials/clean) before timing starts, as the scanner does at upload.
 * The timed part is the provider alone: reading the topic's passages and a sample of the book with
 * wink-nlp, choosing sentences and writing the questions.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createBuiltinProvider } from "../src/generation/providers/builtin/index.ts";
import { cleanPages } from "../src/materials/clean/index.ts";
import type { Difficulty, PageText } from "../src/generation/providers/types.ts";
import { passagesFor } from "../tests/fixtures/text/passages.ts";

const BOOK = "/usr/share/doc/c++-annotations/cplusplus.pdf";
const TARGET_SECONDS = 3;
const COUNT = 50;

function extractPages(file: string): PageText[] {
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 1 << 28 });
  const pages = text.split("\f");
  if (pages.at(-1)?.trim() === "") pages.pop();
  return cleanPages(pages.map((pageText, i) => ({ page: i + 1, text: pageText })));
}

export async function runBuiltinBench(): Promise<string[]> {
  if (!existsSync(BOOK)) {
    return [`builtin: skipped, ${BOOK} is missing (apt-get install c++-annotations-pdf poppler-utils)`];
  }
  const pages = extractPages(BOOK);
  const provider = createBuiltinProvider();
  const lines: string[] = [];
  // The first run pays for loading wink-nlp's model and warming up the JIT, as a server's first request would.
  const runs: { topic: string; difficulty: Difficulty; seed: number }[] = [
    { topic: "templates", difficulty: "Medium", seed: 1 },
    { topic: "exceptions", difficulty: "Easy", seed: 2 },
    { topic: "inheritance", difficulty: "Hard", seed: 3 },
  ];
  for (const [i, run] of runs.entries()) {
    const passages = passagesFor(pages, run.topic, 60);
    const started = performance.now();
    const questions = await provider.generate({
      ...run,
      count: COUNT,
      types: ["multiple_choice", "true_false", "short_answer"],
      passages,
      document: { pageCount: pages.length, pages: async () => pages },
      exclude: [],
    });
    const seconds = (performance.now() - started) / 1000;
    const verdict = seconds < TARGET_SECONDS ? "ok" : "TOO SLOW";
    lines.push(
      `builtin: ${questions.length} questions on "${run.topic}" (${run.difficulty}) from a ${pages.length}-page PDF, ` +
        `${passages.length} passages: ${seconds.toFixed(2)} s${i === 0 ? " (cold)" : ""}  [target < ${TARGET_SECONDS} s: ${verdict}]`,
    );
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runBuiltinBench()) console.log(line);
}
