import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../../src/core/errors.ts";
import { NOT_ACCEPTED } from "../../src/materials/formats/types.ts";
import { createScanPool, type ScanPool, type ScanPoolOptions, type ScanResult } from "../../src/materials/scan/index.ts";
import { pageText, type TextRun } from "../../src/materials/scan/page-text.ts";
import {
  amplifiedTextPdf,
  encryptedPdf,
  endlessPdf,
  imagePdf,
  inflationBombPdf,
  manyPagesPdf,
  memoryBombPdf,
  notPdf,
  textPdf,
  truncatedPdf,
  writeTemp,
} from "../helpers/pdfs.ts";
import { isAlive } from "../helpers/processes.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/pdf/${name}`, import.meta.url));

let pool: ScanPool;
beforeAll(() => {
  pool = createScanPool({ workers: 2, timeoutMs: 60_000, maxPages: 500 });
});
afterAll(() => pool.close());

/** Runs `use` with a pool of its own (one worker unless told), closed afterwards. */
async function withPool(options: Partial<ScanPoolOptions>, use: (own: ScanPool) => Promise<void>): Promise<void> {
  const own = createScanPool({ workers: 1, timeoutMs: 60_000, maxPages: 100, ...options });
  try {
    await use(own);
  } finally {
    await own.close();
  }
}

/** A page that never ends would fail at its text limit first; these options take that limit away. */
const NO_PAGE_LIMIT = { maxPageChars: Number.MAX_SAFE_INTEGER };

const scanBytes = async (bytes: Uint8Array, scanner = pool) => scanner.scan(await writeTemp(bytes));

/** What a scan failed with (undefined if it did not); handles the rejection at once, even if awaited later. */
const failureOf = (scan: Promise<ScanResult>): Promise<unknown> =>
  scan.then(
    () => undefined,
    (error: unknown) => error,
  );

async function expectFailure(scan: Promise<ScanResult>, status: number, detail: string | RegExp): Promise<void> {
  const error = await failureOf(scan);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, detail: typeof detail === "string" ? detail : expect.stringMatching(detail) });
}

const textOf = (result: ScanResult, page: number) => result.pages.find((p) => p.page === page)?.text ?? "";

describe("scanning built PDFs", () => {
  it("returns each page's text with 1-based page numbers", async () => {
    const result = await scanBytes(await textPdf(["The first page.", "The second page.", "The third page."]));
    expect(result).toEqual({
      pageCount: 3,
      pages: [
        { page: 1, text: "The first page." },
        { page: 2, text: "The second page." },
        { page: 3, text: "The third page." },
      ],
    });
  });

  it("joins wrapped lines back into one line of single-spaced text", async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" "); // wraps over several lines
    const result = await scanBytes(await textPdf([`${long}\nSpaced     out    words.`]));
    expect(result.pages[0]?.text).toBe(`${long} Spaced out words.`);
  });

  it("keeps paragraph breaks as a newline", async () => {
    const result = await scanBytes(await textPdf(["First paragraph, one line.\n\nSecond paragraph.\nStill the second."]));
    expect(result.pages[0]?.text).toBe("First paragraph, one line.\nSecond paragraph. Still the second.");
  });

  it("joins words hyphenated across a line end and keeps real compounds", async () => {
    const result = await scanBytes(
      await textPdf([
        [
          "Plants make sugar by photo-",
          "synthesis, a well-known process.",
          "The printer came from Hewlett-",
          "Packard. Some user-",
          "visible settings are user-visible everywhere.",
        ].join("\n"),
      ]),
    );
    expect(result.pages[0]?.text).toBe(
      "Plants make sugar by photosynthesis, a well-known process. The printer came from Hewlett-Packard. " +
        "Some user-visible settings are user-visible everywhere.",
    );
  });

  it("reads a many-page PDF split across both workers, every page in its place", async () => {
    const result = await scanBytes(await manyPagesPdf(240));
    expect(result.pageCount).toBe(240);
    expect(result.pages.map((p) => p.page)).toEqual(Array.from({ length: 240 }, (_, i) => i + 1));
    for (const { page, text } of result.pages) {
      expect(text).toBe(
        `This is page ${page} of the generated document. Each page carries a short paragraph so that it has text to find.`,
      );
    }
  });

  it("keeps pages without text as empty strings when others have text", async () => {
    const result = await scanBytes(await textPdf(["Before the blank.", "", "After the blank."]));
    expect(result.pages.map((p) => p.text)).toEqual(["Before the blank.", "", "After the blank."]);
  });
});

describe("refusing files it cannot read", () => {
  it("an image-only PDF (a scan without OCR)", async () => {
    await expectFailure(scanBytes(await imagePdf(2)), 422, "This PDF has no selectable text (it looks like a scan).");
  });

  it("a password-protected PDF", async () => {
    await expectFailure(
      scanBytes(await encryptedPdf()),
      422,
      "This PDF is password-protected. Remove the password and upload it again.",
    );
  });

  it("a truncated PDF", async () => {
    await expectFailure(scanBytes(await truncatedPdf()), 422, "This PDF is damaged and cannot be read.");
  });

  it("a PDF header followed by garbage", async () => {
    const garbage = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, "not really a pdf ")]);
    await expectFailure(scanBytes(garbage), 422, "This PDF is damaged and cannot be read.");
  });

  it("another kind of file renamed .pdf", async () => {
    await expectFailure(scanBytes(notPdf()), 415, NOT_ACCEPTED);
  });

  it("plain text renamed .pdf, read as the text it is", async () => {
    expect(await scanBytes(Buffer.from("Plain notes, saved as notes.pdf.\n"))).toEqual({ format: "txt", pageCount: 1, pages: [{ page: 1, text: "Plain notes, saved as notes.pdf." }] });
  });

  it("an empty file", async () => {
    await expectFailure(scanBytes(new Uint8Array(0)), 422, "The file is empty.");
  });

  it("a PDF with more pages than the limit, before reading their text", async () => {
    await withPool({ maxPages: 3 }, async (limited) => {
      await expectFailure(scanBytes(await manyPagesPdf(4), limited), 422, "This PDF has 4 pages; the limit is 3.");
      expect((await scanBytes(await manyPagesPdf(3), limited)).pageCount).toBe(3);
    });
  });

  it("a file that is not there, as a server error rather than the user's", async () => {
    await expectFailure(pool.scan("/nonexistent/studyforge/missing.pdf"), 500, "The uploaded file could not be read.");
  });

  it("accepts a PDF whose header comes after some leading junk, as readers do", async () => {
    const pdf = await textPdf(["Found after the junk."]);
    const result = await scanBytes(Buffer.concat([Buffer.from("junk before the header\n"), pdf]));
    expect(result.pages[0]?.text).toBe("Found after the junk.");
  });
});

describe("real-world PDFs", () => {
  // Page counts from pdfinfo; the pages of the phrases from `pdftotext -f N -l N`.
  it("reads the R FAQ (Texinfo, 52 pages), phrases on the right pages", async () => {
    const result = await pool.scan(fixture("r-faq.pdf"));
    expect(result.pageCount).toBe(52);
    expect(result.pages).toHaveLength(52);
    expect(textOf(result, 7)).toContain("2.1 What is R?\nR is a system for statistical computation and graphics.");
    expect(textOf(result, 13)).toContain(
      "The “Comprehensive R Archive Network” (CRAN) is a collection of sites which carry identical material",
    );
    expect(textOf(result, 14)).toContain("2.12 Why is R named R?");
    expect(textOf(result, 16)).toContain("S is a very high level language and an environment for data analysis and graphics.");
    expect(textOf(result, 15)).not.toContain("S is a very high level language");
    // In the PDF "Cham-" and "sim-" end their lines; "user-visible" is written whole inside one.
    expect(textOf(result, 7)).toContain("two existing languages: Becker, Chambers & Wilks’ S");
    expect(textOf(result, 7)).toContain("the resulting language is very similar in appearance to S");
    expect(textOf(result, 7)).toContain("Most of the user-visible functions in R are written in R.");
  });

  it("reads the shared MIME-info spec (LaTeX, 17 pages)", async () => {
    const result = await pool.scan(fixture("shared-mime-info-spec.pdf"));
    expect(result.pageCount).toBe(17);
    expect(textOf(result, 1)).toContain("1.2. What is this spec?");
    expect(textOf(result, 1)).toContain("Frequently, it is necessary to work out the correct MIME type for a file.");
    expect(textOf(result, 7)).toContain("2.4. The glob files");
    expect(textOf(result, 8)).toContain("2.5. The magic files");
    expect(textOf(result, 14)).toContain("2.12. Recommended checking order");
  });
});

describe("the pool", () => {
  it("scans several files at once and gives each its own result", async () => {
    const files = await Promise.all(
      ["alpha", "beta", "gamma", "delta", "epsilon"].map(async (name) =>
        writeTemp(await manyPagesPdf(30, (page) => `Document ${name}, page ${page}.`)),
      ),
    );
    const results = await Promise.all(files.map((file) => pool.scan(file)));
    results.forEach((result, i) => {
      const name = ["alpha", "beta", "gamma", "delta", "epsilon"][i];
      expect(result.pageCount).toBe(30);
      expect(result.pages.map((p) => p.text)).toEqual(Array.from({ length: 30 }, (_, p) => `Document ${name}, page ${p + 1}.`));
    });
  });

  it("lets a small file through while big ones are scanned, rather than queueing it behind them", async () => {
    const bigPdf = await manyPagesPdf(480);
    const [big1, big2, small] = [await writeTemp(bigPdf), await writeTemp(bigPdf), await writeTemp(await textPdf(["Small."]))];
    await pool.scan(small); // both workers started, so only the queue decides what follows
    const started = performance.now();
    const finished = (scan: Promise<ScanResult>) => scan.then(() => performance.now() - started);
    const [big1Ms, big2Ms, smallMs] = await Promise.all([finished(pool.scan(big1)), finished(pool.scan(big2)), finished(pool.scan(small))]);
    // Files take turns by page range: the small one waits for a range or two, not for both big files.
    expect(smallMs).toBeLessThan(Math.min(big1Ms, big2Ms) / 2);
  });

  it("keeps working after failures", async () => {
    const outcomes = await Promise.allSettled([
      scanBytes(await encryptedPdf()),
      scanBytes(await truncatedPdf()),
      scanBytes(new Uint8Array(0)),
      scanBytes(await textPdf(["Still here."])),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected", "fulfilled"]);
    expect((await scanBytes(await textPdf(["And after."]))).pages[0]?.text).toBe("And after.");
  });

  it("fails a scan that never ends at its time limit, while another worker scans other files", async () => {
    await withPool({ workers: 2, timeoutMs: 2000, ...NO_PAGE_LIMIT }, async (hanging) => {
      const [endlessFile, otherFile] = [await writeTemp(await endlessPdf()), await writeTemp(await textPdf(["Scanned meanwhile."]))];
      await Promise.all([hanging.scan(otherFile), hanging.scan(otherFile)]); // both workers started
      const endless = failureOf(hanging.scan(endlessFile)).then((error) => ({ error }));
      const other = hanging.scan(otherFile).then((result) => ({ result }));
      expect(await Promise.race([endless, other])).toEqual({ result: { pageCount: 1, pages: [{ page: 1, text: "Scanned meanwhile." }] } });
      expect((await endless).error).toMatchObject({ status: 422, detail: "Scanning this PDF took longer than 2 seconds." });
    });
  });

  it("replaces a worker stuck past the time limit, so scans queued behind it still run", async () => {
    // One worker: the scan queued behind the endless one can only run on the worker that replaces it.
    await withPool({ timeoutMs: 2000, ...NO_PAGE_LIMIT }, async (single) => {
      const endless = failureOf(single.scan(await writeTemp(await endlessPdf())));
      const queued = single.scan(fixture("shared-mime-info-spec.pdf"));
      expect(await endless).toMatchObject({ status: 422, detail: "Scanning this PDF took longer than 2 seconds." });
      expect((await queued).pageCount).toBe(17);
    });
  });

  it("fails a scan whose worker dies (its heap full) alone, and goes on with a new worker", async () => {
    // One worker: the scan queued behind the crash can only finish on the worker that replaces it.
    await withPool({}, async (single) => {
      const bomb = failureOf(single.scan(await writeTemp(await memoryBombPdf())));
      const queued = single.scan(fixture("shared-mime-info-spec.pdf"));
      const error = await bomb;
      expect(error).toMatchObject({ status: 422, detail: "This PDF needs more memory to read than a scan may use (1024 MB)." });
      expect(String((error as AppError).cause)).toMatch(/JavaScript heap out of memory/);
      expect((await queued).pageCount).toBe(17);
    });
  });

  it("fails scans still pending when it is closed, and refuses new ones", async () => {
    const closing = createScanPool({ workers: 1, timeoutMs: 60_000, maxPages: 100, ...NO_PAGE_LIMIT });
    const pending = failureOf(scanBytes(await endlessPdf(), closing));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await closing.close();
    expect(await pending).toMatchObject({ status: 503, detail: "The scanner of study material has been shut down." });
    await expectFailure(closing.scan(fixture("r-faq.pdf")), 503, "The scanner of study material has been shut down.");
  });
});

describe("limits", () => {
  it("fails a 2 MB file that inflates to 2 GiB for lack of memory, in a worker: this process barely grows", async () => {
    // One worker: the scan queued behind the bomb can only finish on the worker that replaces it.
    await withPool({}, async (single) => {
      const file = await writeTemp(await inflationBombPdf(2));
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      try {
        const bomb = failureOf(single.scan(file));
        const queued = single.scan(fixture("shared-mime-info-spec.pdf"));
        expect(await bomb).toMatchObject({ status: 422, detail: "This PDF needs more memory to read than a scan may use (1024 MB)." });
        expect((await queued).pageCount).toBe(17);
      } finally {
        clearInterval(sampler);
      }
      expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    });
  });

  const overPageLimit = /^Page \d+ of this PDF has more than 50,000 characters of text, the limit for one page\.$/;

  it("fails a page with more text than a page can hold, naming the page and the limit, without reading on", async () => {
    // 100 pages of 1.5 million characters each, from 23 KB; whichever page a worker reaches first fails.
    await expectFailure(scanBytes(await amplifiedTextPdf()), 422, overPageLimit);
  });

  it("stops a page whose forms draw each other without end at the page's text limit", async () => {
    await expectFailure(scanBytes(await endlessPdf()), 422, overPageLimit);
  });

  it("fails a file with more text than a file may have, naming the limit", async () => {
    await withPool({ workers: 2, maxPageChars: 200, maxDocumentChars: 5000 }, async (limited) => {
      // 60 pages of 110 characters: every page under its limit, 6,600 characters in all.
      await expectFailure(scanBytes(await manyPagesPdf(60), limited), 422, "This PDF has more than 5,000 characters of text, the limit for one file.");
      expect((await scanBytes(await manyPagesPdf(40), limited)).pageCount).toBe(40);
    });
  });

  it("runs one owner's scans one at a time, so another owner's file does not wait behind them", async () => {
    await withPool({ workers: 2, ...NO_PAGE_LIMIT }, async (shared) => {
      const [slow, small] = [await writeTemp(await endlessPdf()), await writeTemp(await textPdf(["Another student's notes."]))];
      await Promise.all([shared.scan(small), shared.scan(small)]); // both workers started
      const settled: string[] = [];
      const first = failureOf(shared.scan(slow, { owner: 1 })).finally(() => settled.push("first"));
      const second = failureOf(shared.scan(slow, { owner: 1 })).finally(() => settled.push("second"));
      const other = await shared.scan(small, { owner: 2 });
      expect(other.pages[0]?.text).toBe("Another student's notes.");
      expect(settled).toEqual([]);
      expect(shared.pending()).toBe(2);
      await shared.close();
      expect(await first).toMatchObject({ status: 503 });
      expect(await second).toMatchObject({ status: 503 });
    });
  });

  it("drops a scan whose signal aborts: queued, it never runs; running, its worker is replaced", async () => {
    // One worker, stuck in `slow` for good unless it is replaced.
    await withPool(NO_PAGE_LIMIT, async (single) => {
      const [slow, small] = [await writeTemp(await endlessPdf()), await writeTemp(await textPdf(["Next in line."]))];
      const [running, queued] = [new AbortController(), new AbortController()];
      await single.scan(small); // the worker is up, so `slow` goes to it at once
      const slowScan = failureOf(single.scan(slow, { owner: 1, signal: running.signal }));
      const queuedScan = failureOf(single.scan(slow, { owner: 2, signal: queued.signal }));
      const next = single.scan(small, { owner: 3 });
      await new Promise((resolve) => setTimeout(resolve, 500)); // `slow` is open, its page being read
      queued.abort();
      expect(await queuedScan).toMatchObject({ status: 400, detail: "The upload was cancelled before its scan finished." });
      running.abort();
      expect(await slowScan).toMatchObject({ status: 400, detail: "The upload was cancelled before its scan finished." });
      expect((await next).pages[0]?.text).toBe("Next in line.");
      expect(single.pending()).toBe(0);
      await expect(single.scan(small, { signal: AbortSignal.abort() })).rejects.toMatchObject({ status: 400 });
    });
  });

  it("takes its workers down with it when its process is killed, even one busy in pdf.js", async () => {
    const host = spawn(process.execPath, [fileURLToPath(new URL("../helpers/scan-pool-host.ts", import.meta.url)), await writeTemp(await endlessPdf())], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [line] = (await once(host.stdout.setEncoding("utf8"), "data")) as [string];
    const workers = JSON.parse(line) as number[];
    try {
      expect(workers).toHaveLength(2);
      expect(workers.every(isAlive)).toBe(true);
      host.kill("SIGKILL");
      await vi.waitFor(() => expect(workers.filter(isAlive)).toEqual([]), { timeout: 5000 });
    } finally {
      for (const pid of workers.filter(isAlive)) process.kill(pid, "SIGKILL"); // a failed run leaves no orphan spinning
    }
  });
});

describe("page text from pdf.js items", () => {
  /** A run of text at (x, y) in a 10-point font, ending its line unless `eol` is false. */
  const run = (str: string, x: number, y: number, eol = true): TextRun => ({
    str,
    transform: [10, 0, 0, 10, x, y],
    hasEOL: eol,
  });

  it("joins runs of a line and collapses whitespace and control characters", () => {
    expect(pageText([run("Hello,\t ", 50, 700, false), run("  wor\u0001ld  ", 90, 700)])).toBe("Hello, world");
  });

  it("starts a paragraph at a wider gap, an indented line, or a jump up the page", () => {
    const lines = [
      run("One.", 50, 700),
      run("Two.", 50, 688),
      run("Three.", 50, 670), // 18 points below, where lines are 12 apart
      run("Four.", 65, 658), // indented by more than a font size
      run("Five.", 50, 646),
      run("Column two.", 300, 700), // back up: another column
    ];
    expect(pageText(lines)).toBe("One. Two.\nThree.\nFour. Five.\nColumn two.");
  });

  it("starts a paragraph at a heading set in a larger font, even when the text under it starts in lower case", () => {
    const sized = (str: string, size: number, y: number): TextRun => ({ str, transform: [size, 0, 0, size, 50, y], hasEOL: true });
    const lines = [sized("9.7. Scheduling Tasks with cron and atd", 14, 700), sized("cron is the daemon responsible for executing scheduled", 10, 684), sized("and recurring commands.", 10, 672)];
    expect(pageText(lines)).toBe("9.7. Scheduling Tasks with cron and atd\ncron is the daemon responsible for executing scheduled and recurring commands.");
  });

  it("puts a heading drawn after its section's text back over it, and leaves a second column's heading in its column", () => {
    // As Chromium prints Node.js's documentation: each heading drawn last on its page (round 49: buffer's "Buffers and
    // character encodings" read after its section, whose text fell under the heading before).
    const sized = (str: string, size: number, x: number, y: number): TextRun => ({ str, transform: [size, 0, 0, size, x, y], hasEOL: true });
    const page = [
      sized("const buf7 = Buffer.from('tést', 'latin1');", 10, 46, 364),
      sized("When converting between Buffers and strings, a character encoding may be specified.", 10, 28, 289),
      sized("If no character encoding is specified, UTF-8 will be used as the default.", 10, 28, 277),
      sized("Buffers and character encodings", 14, 28, 311),
    ];
    expect(pageText(page)).toBe(
      "const buf7 = Buffer.from('tést', 'latin1');\nBuffers and character encodings\nWhen converting between Buffers and strings, a character encoding may be specified. If no character encoding is specified, UTF-8 will be used as the default.",
    );
    const columns = [sized("The first column's text.", 10, 50, 700), sized("Its second line.", 10, 50, 688), sized("Second column", 14, 300, 710), sized("Its text.", 10, 300, 694)];
    expect(pageText(columns)).toBe("The first column's text. Its second line.\nSecond column\nIts text.");
  });

  it("starts a paragraph where lines in a monospaced font (a code listing) meet prose, and not for code inside a line", () => {
    const mono = (str: string, x: number, y: number, eol = true): TextRun => ({ ...run(str, x, y, eol), mono: true });
    const lines = [
      run("If alpha is an object of length 10, then", 50, 700),
      mono("> alpha <- alpha[2 * 1:5]", 50, 688),
      mono("> length(alpha)", 50, 676),
      run("makes it an object of length 5; the function ", 50, 664, false),
      mono("length", 250, 664, false),
      run(" counts.", 280, 664),
    ];
    expect(pageText(lines)).toBe("If alpha is an object of length 10, then\n> alpha <- alpha[2 * 1:5] > length(alpha)\nmakes it an object of length 5; the function length counts.");
  });

  it("drops soft hyphens and joins a word broken by one", () => {
    expect(pageText([run("photo\u00ad", 50, 700), run("syn\u00adthesis", 50, 688)])).toBe("photosynthesis");
  });

  it("keeps a hyphen that ends a line before a capital or a number", () => {
    expect(pageText([run("non-", 50, 700), run("Euclidean and pre-", 50, 688), run("1990", 50, 676)])).toBe(
      "non-Euclidean and pre-1990",
    );
  });

  it("returns an empty string for a page without text", () => {
    expect(pageText([])).toBe("");
    expect(pageText([run("   ", 50, 700), run("", 50, 688)])).toBe("");
  });
});
