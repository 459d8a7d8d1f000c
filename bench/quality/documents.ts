/**
 * The documents of the question-quality benchmark, as page texts the way the product stores them: a PDF
 * is read in this process with the scanner's own pdf.js code (what an upload's scan worker runs), then
 * cleaned with the scan-time cleaning (src/materials/clean) once that exists. The two text fixtures
 * were extracted with pdftotext (tests/fixtures/text/README.md) and are cleaned the same way.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MAX_PAGE_CHARS } from "../../src/materials/scan/limits.ts";
import { openPdf, readPages } from "../../src/materials/scan/pdf-document.ts";
import type { PageText } from "../../src/generation/providers/types.ts";

export interface BenchDocument {
  name: string;
  pages: PageText[];
  topics: string[];
}

const fixture = (path: string) => fileURLToPath(new URL(`../../tests/fixtures/${path}`, import.meta.url));

/**
 * The fixtures and the topics asked of each: subjects each document teaches over several pages (not
 * the topics the builtin generator's unit tests use for r-intro and the essay, where they differ).
 */
export const FIXTURES: { file: string; topics: string[] }[] = [
  { file: "pdf/r-faq.pdf", topics: ["packages", "CRAN", "mailing lists"] },
  { file: "pdf/shared-mime-info-spec.pdf", topics: ["MIME types", "glob patterns", "magic"] },
  { file: "text/r-intro.json", topics: ["factors", "data frames", "lists"] },
  { file: "text/lilypond-essay.json", topics: ["engraving", "spacing", "beams"] },
];

export async function readPdfPages(path: string): Promise<PageText[]> {
  const pdf = await openPdf(path);
  try {
    const texts = await readPages(pdf.doc, 1, pdf.doc.numPages, MAX_PAGE_CHARS);
    return texts.map((text, i) => ({ page: i + 1, text }));
  } finally {
    await pdf.close();
  }
}

type Cleaner = (pages: PageText[]) => PageText[];
let cleaner: Promise<{ clean: Cleaner; applied: boolean }> | undefined;

/**
 * The scan-time cleaning, loaded by path so that this benchmark runs whether or not it has landed (it is
 * being written beside this file): without it, pages are used as scanned and the report says so.
 */
export function pageCleaner(): Promise<{ clean: Cleaner; applied: boolean }> {
  cleaner ??= (async () => {
    const url = new URL("../../src/materials/clean/index.ts", import.meta.url).href;
    try {
      const mod = (await import(url)) as { cleanPages?: (pages: PageText[]) => unknown };
      const cleanPages = mod.cleanPages;
      if (typeof cleanPages !== "function") return { clean: (p) => p, applied: false };
      const clean: Cleaner = (pages) => {
        const out = cleanPages(pages);
        // Accept either the pages themselves or a result that carries them.
        return (Array.isArray(out) ? out : (out as { pages: PageText[] }).pages) as PageText[];
      };
      return { clean, applied: true };
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") return { clean: (p) => p, applied: false };
      throw error;
    }
  })();
  return cleaner;
}

export async function loadDocument(path: string, topics: string[] | undefined, suggest: (pages: PageText[]) => string[]): Promise<BenchDocument> {
  const raw = path.endsWith(".json") ? (JSON.parse(readFileSync(path, "utf8")) as PageText[]) : await readPdfPages(path);
  const { clean } = await pageCleaner();
  const pages = clean(raw);
  return { name: basename(path).replace(/\.(pdf|json)$/i, ""), pages, topics: topics?.length ? topics : suggest(pages) };
}

export const fixturePath = fixture;
export const isMain = (url: string) => process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href;
