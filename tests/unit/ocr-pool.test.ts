/**
 * OCR in the scan pool under its limits (the review of issue 15): a worker that runs out of memory while
 * reading a page by OCR fails the scan with a message about OCR and memory, never "damaged"; the worker
 * gets OCR_MEMORY_MB more address space for OCR; a scan's time limit grows with its pages to read by
 * OCR, and its time-out names OCR. Scans are pages of the R FAQ rendered into an image-only PDF.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScanPool, type ScanPool, type ScanPoolOptions } from "../../src/materials/scan/index.ts";
import { textPdf, writeTemp } from "../helpers/pdfs.ts";
import { scannedPdf } from "../helpers/scanned-pdf.ts";
import { stderrKeeper } from "../../src/materials/scan/worker-process.ts";
import { dataHeadroomMb, ranOutOfMemory } from "../../src/materials/scan/ocr-pages.ts";

const R_FAQ = path.resolve(import.meta.dirname, "../fixtures/pdf/r-faq.pdf");
/** OCR takes seconds a page, more on a busy machine: a test's time limit, not an assertion. */
const OCR_TEST_MS = 240_000;
/**
 * A worker's address space at which text scans read but OCR cannot: a worker is at about 720 MB when
 * its first OCR page starts, and the recognizer and the page's rendering need some 200 MB more.
 */
const TOO_LITTLE_FOR_OCR_MB = 800;

let oneScanPage: string;
let fourScanPages: string;
beforeAll(async () => {
  oneScanPage = await writeTemp(await scannedPdf(R_FAQ, [5]));
  fourScanPages = await writeTemp(await scannedPdf(R_FAQ, [5, 6, 7, 8]));
});

const pools: ScanPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

function pool(options: Partial<ScanPoolOptions>): ScanPool {
  const created = createScanPool({ workers: 1, timeoutMs: 120_000, maxPages: 100, ocrMaxPages: 10, ...options });
  pools.push(created);
  return created;
}

const failureOf = (scan: Promise<unknown>) =>
  scan.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("OCR under the worker's memory limit", () => {
  it(
    "fails a scan whose OCR runs out of memory with a message about OCR and memory, not a damaged PDF, and goes on with a new worker",
    async () => {
      const scanner = pool({ memoryMb: TOO_LITTLE_FOR_OCR_MB, ocrMemoryMb: 0 });
      const failed = failureOf(scanner.scan(oneScanPage));
      const queued = scanner.scan(await writeTemp(await textPdf(["A text page read after the failed OCR."])));
      expect(await failed).toMatchObject({
        status: 422,
        detail: `Reading page 1 of this PDF by OCR needed more memory than a scan may use (${TOO_LITTLE_FOR_OCR_MB} MB).`,
      });
      expect((await queued).pages[0]?.text).toBe("A text page read after the failed OCR.");
    },
    OCR_TEST_MS,
  );

  it(
    "reads the same scan under the same limit for text, with OCR's extra memory",
    async () => {
      const scanner = pool({ memoryMb: TOO_LITTLE_FOR_OCR_MB }); // ocrMemoryMb: limits.ts's OCR_MEMORY_MB
      const result = await scanner.scan(oneScanPage);
      expect(result.pages[0]).toMatchObject({ page: 1, ocr: true });
      expect(result.pages[0]?.text).toMatch(/answers to some of the most frequently asked questions about R/);
    },
    OCR_TEST_MS,
  );
});

describe("the time limit of a scan read by OCR", () => {
  // Reading four pages by OCR (starting the recognizer included) takes far more than the base limit.
  const BASE_MS = 2_000;

  it(
    "grows with the pages to read by OCR",
    async () => {
      const result = await pool({ timeoutMs: BASE_MS, ocrPageTimeoutMs: 120_000 }).scan(fourScanPages);
      expect(result.pages.map((page) => page.ocr)).toEqual([true, true, true, true]);
    },
    OCR_TEST_MS,
  );

  it(
    "names OCR and the limit for that many pages when it runs out",
    async () => {
      const error = await failureOf(pool({ timeoutMs: BASE_MS, ocrPageTimeoutMs: 100 }).scan(fourScanPages));
      expect(error).toMatchObject({
        status: 422,
        detail: "Reading this scan by OCR took longer than 2.4 seconds, the limit for a PDF with 4 pages to read by OCR.",
      });
    },
    OCR_TEST_MS,
  );
});

describe("a dead worker's stderr", () => {
  const LEPTONICA = "Error in pixGetHeight: pix not defined\nError in pixClipBoxToForeground: pixs not defined or not 1 bpp\n";
  const V8_FATAL = "FATAL ERROR: Committing semi space failed. Allocation failed - JavaScript heap out of memory\n";

  it("says memory ran out when V8 says so after 10 KB of tesseract's image library, the words split across chunks", () => {
    const stderr = stderrKeeper();
    for (let i = 0; i < 100; i++) stderr.add(LEPTONICA);
    stderr.add(V8_FATAL.slice(0, 60));
    stderr.add(V8_FATAL.slice(60));
    stderr.add(" 1: 0x931db0  [node]\n".repeat(20));
    expect(stderr.outOfMemory()).toBe(true);
    expect(stderr.text()).toContain(V8_FATAL.trim()); // kept for the log, with the start
    expect(stderr.text().startsWith(LEPTONICA)).toBe(true);
  });

  it("says so for the image library's failed allocation alone, and not for other errors", () => {
    const starved = stderrKeeper();
    starved.add("Error in pixCreateNoInit: pixdata_malloc fail for data\n");
    expect(starved.outOfMemory()).toBe(true);
    const other = stderrKeeper();
    other.add(LEPTONICA.repeat(100));
    expect(other.outOfMemory()).toBe(false);
  });
});

describe("a page read by OCR that failed inside the worker", () => {
  it("ran out of memory when tesseract's WebAssembly or V8 says it could not get memory, and not for other errors", () => {
    for (const message of [
      "RuntimeError: Aborted(OOM). Build with -sASSERTIONS for more info.",
      "Cannot enlarge memory, requested 1073741824 bytes, but the limit is 2147483648 bytes!",
      "RangeError: WebAssembly.Memory(): could not allocate memory",
      "RangeError: Array buffer allocation failed",
      "RangeError: WebAssembly.Memory.grow(): Maximum memory size exceeded",
    ]) {
      expect(ranOutOfMemory(new Error(message)), message).toBe(true);
    }
    for (const message of ["RuntimeError: memory access out of bounds", "Error: Unknown format", "TypeError: Cannot read properties of undefined (reading 'data')"]) {
      expect(ranOutOfMemory(new Error(message)), message).toBe(false);
    }
  });

  /** In a Node process whose data limit leaves `leftMb` above what it maps: what `expression` gives. */
  function underLimit(leftMb: number, expression: string): string {
    const module = path.resolve(import.meta.dirname, "../../src/materials/scan/ocr-pages.ts");
    const script = [
      `import { spawnSync } from "node:child_process";`,
      `import { dataHeadroomMb, ranOutOfMemory } from ${JSON.stringify(module)};`,
      `const used = Number(/^VmData:\\s+(\\d+) kB/m.exec((await import("node:fs")).readFileSync("/proc/self/status", "utf8"))[1]) * 1024;`,
      `spawnSync("prlimit", ["--pid", String(process.pid), "--data=" + (used + ${leftMb} * 1024 * 1024) + ":"]);`,
      `console.log(String(${expression}));`,
    ].join("\n");
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    return child.stdout.trim();
  }

  it("ran out of memory when it failed with less left under the worker's limit than OCR needs, whatever tesseract said", () => {
    // A recognizer whose start failed for want of memory says only that it failed (a clean-clone CI's "OCR could not read page 1").
    expect(underLimit(80, `ranOutOfMemory(new Error("OCR: Error: initialization failed"))`)).toBe("true");
    expect(underLimit(1000, `ranOutOfMemory(new Error("OCR: Error: initialization failed"))`)).toBe("false");
    expect(Number(underLimit(1000, "dataHeadroomMb()"))).toBeGreaterThan(900);
    // No limit, as in the server's own process: nothing is near it.
    expect(dataHeadroomMb()).toBe(Infinity);
  });
});
