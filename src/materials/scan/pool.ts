/**
 * The scan pool: worker processes that read PDFs (worker-process.ts), and a queue that shares them out.
 * The server only passes messages: a scan becomes an "open" task (check the file, count pages), then
 * page-range tasks that any worker may take, so one big file keeps every worker busy and several files
 * take turns, one file per owner at a time.
 */
import path from "node:path";
import { AppError } from "../../core/errors.ts";
import {
  noSelectableText,
  ocrFailed,
  ocrTimedOut,
  poolClosed,
  scanAbandoned,
  scanTimedOut,
  tooManyOcrPages,
  tooManyPages,
  tooMuchPageText,
  tooMuchText,
  workerCrashed,
  workerFailure,
  type FailureLimits,
} from "./failures.ts";
import { DEFAULT_MEMORY_MB, MAX_DOCUMENT_CHARS, MAX_PAGE_CHARS, OCR_MEMORY_MB, OCR_PAGE_TIMEOUT_S } from "./limits.ts";
import type { DocumentFormat } from "../formats/types.ts";
import type { FromWorker, ToWorker } from "./messages.ts";
import { betterText } from "./text-layer.ts";
import type { ScanOptions, ScanPool, ScanPoolOptions, ScanResult } from "./types.ts";
import { startWorkerProcess, type WorkerProcess } from "./worker-process.ts";

/**
 * Pages per task. Small enough that a file arriving while a big one is scanned waits for a range or two,
 * not for the big file, and that a failed scan wastes little; large enough that the messages cost nothing
 * (ranges of 25 and 50 pages scan a 1,151-page book equally fast). A file smaller than workers × this is
 * split evenly, so a mid-sized file still uses every worker.
 */
const MAX_RANGE = 25;
const MIN_RANGE = 10;
/** Workers that die before they are ready this many times in a row mean the scanner cannot start. */
const MAX_START_FAILURES = 3;

/** An "ocr" task is one page: OCR takes seconds a page, so pages are shared out one by one. */
type Task = { kind: "open" } | { kind: "pages"; from: number; to: number } | { kind: "ocr"; page: number };

interface Scan {
  id: number;
  filePath: string;
  /** Whose scan this is (see ScanOptions.owner); a scan without one is its own owner. */
  owner: unknown;
  resolve(result: ScanResult): void;
  reject(error: unknown): void;
  /** Tasks no worker has taken yet. */
  todo: Task[];
  /** Tasks workers are on. */
  running: number;
  texts: string[];
  /** Pages whose text OCR read (see text-layer.ts's betterText). */
  ocr: boolean[];
  pagesLeft: number;
  /** Pages found to need OCR so far, and those of them not read yet. */
  ocrPages: number;
  ocrLeft: number;
  progress: ScanOptions["progress"];
  /** Characters of text received so far. */
  chars: number;
  /** When this scan last got a worker: among equals, the one that waited longest goes next. */
  lastTurn: number;
  /**
   * The time limit counts the time a worker is on the scan, not time queued behind other files: it is
   * there to catch a file that hangs a worker, not to fail files when the server is busy.
   */
  clock: { usedMs: number; since: number; timer?: NodeJS.Timeout };
  /** What the file is, once the worker has said ("a file" until then): failures name it. */
  format?: DocumentFormat;
  /** Stops listening to the scan's AbortSignal. */
  unlisten(): void;
}

interface Slot {
  worker: WorkerProcess;
  ready: boolean;
  current?: { scan: Scan; task: Task };
  /** Scans whose document this worker holds open. */
  opened: Set<number>;
  /**
   * The worker has read a page by OCR: its recognizer holds some 150 MB of WebAssembly memory that is
   * never given back, which a long text book read next would miss under the worker's limit. Such a
   * worker is replaced once no scan has OCR pages left (recycleAfterOcr).
   */
  ocrUsed: boolean;
}

export function createScanPool(options: ScanPoolOptions): ScanPool {
  const { timeoutMs, maxPages, memoryMb = DEFAULT_MEMORY_MB, maxPageChars = MAX_PAGE_CHARS, maxDocumentChars = MAX_DOCUMENT_CHARS } = options;
  const { ocrMaxPages = 0, ocrLanguages = ["eng"], ocrPageTimeoutMs = OCR_PAGE_TIMEOUT_S * 1000 } = options;
  const ocrMemoryMb = ocrMaxPages > 0 ? (options.ocrMemoryMb ?? OCR_MEMORY_MB) : 0;
  const limits: FailureLimits = { memoryMb, maxPageChars };
  const workers = Math.max(1, Math.floor(options.workers));
  const scans: Scan[] = [];
  let lastId = 0;
  let turn = 0;
  let startFailures = 0;
  let stopped: (() => AppError) | undefined;

  const slots = Array.from({ length: workers }, () => ({ opened: new Set<number>(), ready: false }) as Slot);
  slots.forEach(startWorker);

  /** Gives the slot a fresh worker. Events of the worker it replaces are ignored from then on. */
  function startWorker(slot: Slot): void {
    const live = () => slot.worker === worker && !stopped;
    const worker = startWorkerProcess(
      memoryMb,
      {
        message: (message) => live() && onMessage(slot, message),
        exit: (error, stderr, outOfMemory) => live() && onExit(slot, error, stderr, outOfMemory),
      },
      ocrMemoryMb,
    );
    slot.worker = worker;
    slot.ready = false;
    slot.current = undefined;
    slot.opened.clear();
    slot.ocrUsed = false;
    worker.ref(scans.length > 0); // see keepAlive
  }

  /** Workers keep the process alive while scans are pending, and only then: an idle pool lets it exit. */
  function keepAlive(): void {
    for (const slot of slots) slot.worker.ref(scans.length > 0);
  }

  function replaceWorker(slot: Slot): void {
    const old = slot.worker;
    startWorker(slot);
    void old.kill();
  }

  function onExit(slot: Slot, error: Error, stderr: string, outOfMemory: boolean): void {
    const current = slot.current;
    if (!slot.ready && ++startFailures >= MAX_START_FAILURES) {
      const cause = new Error(`${error.message}\n${stderr}`, { cause: error });
      void stopAll(() => new AppError(500, "The scanner of study material could not start.", { cause }));
      return;
    }
    startWorker(slot);
    if (current?.task.kind === "ocr") {
      fail(current.scan, ocrFailed(current.task.page, outOfMemory, memoryMb + ocrMemoryMb, new Error(`${error.message}\n${stderr}`)));
    } else if (current) fail(current.scan, workerCrashed(error, stderr, outOfMemory, limits, current.scan.format));
  }

  function onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === "ready") {
      slot.ready = true;
      startFailures = 0;
      return dispatch();
    }
    if (message.type === "detected") {
      // Not an answer: the worker is still on its task.
      if (slot.current?.scan.id === message.scanId) slot.current.scan.format = message.format;
      return;
    }
    const { scan, task } = slot.current ?? {};
    slot.current = undefined;
    if (scan?.id === message.scanId && scans.includes(scan)) {
      scan.running--;
      if (scan.running === 0) stopClock(scan);
      if (message.type === "failed" && task?.kind === "ocr") {
        return fail(scan, ocrFailed(task.page, message.failure === "memory", memoryMb + ocrMemoryMb));
      }
      onAnswer(scan, message);
    }
    recycleAfterOcr();
    dispatch();
  }

  /** Replaces the idle workers that ran OCR, once no scan has OCR pages left (see Slot.ocrUsed). */
  function recycleAfterOcr(): void {
    if (stopped || scans.some((scan) => scan.ocrLeft > 0)) return;
    for (const slot of slots) {
      if (slot.ocrUsed && !slot.current) replaceWorker(slot);
    }
  }

  function onAnswer(scan: Scan, message: Exclude<FromWorker, { type: "ready" | "detected" }>): void {
    switch (message.type) {
      case "failed":
        return fail(scan, workerFailure(message, limits));
      case "opened":
        if (message.pageCount > maxPages) return fail(scan, tooManyPages(message.pageCount, maxPages, message.format));
        if (message.texts) return finishWhole(scan, message.texts, message.format);
        scan.texts = new Array<string>(message.pageCount).fill("");
        scan.ocr = new Array<boolean>(message.pageCount).fill(false);
        scan.pagesLeft = message.pageCount;
        scan.todo.push(...pageRanges(message.pageCount, workers));
        break;
      case "pages":
        // Each range is at most MAX_RANGE pages of at most maxPageChars each (the worker checks), so the
        // file's total is checked here, as ranges come in from whichever workers read them.
        scan.chars += message.texts.reduce((sum, text) => sum + text.length, 0);
        if (scan.chars > maxDocumentChars) return fail(scan, tooMuchText(maxDocumentChars));
        scan.texts.splice(message.from - 1, message.texts.length, ...message.texts);
        scan.pagesLeft -= message.texts.length;
        if (message.ocr) {
          // Counted as ranges come in: a file over the limit fails at the first range that passes it.
          scan.ocrPages += message.ocr.length;
          if (scan.ocrPages > ocrMaxPages) return fail(scan, tooManyOcrPages(ocrMaxPages));
          scan.ocrLeft += message.ocr.length;
          scan.todo.push(...message.ocr.map((page) => ({ kind: "ocr" as const, page })));
          if (scan.running > 0 && message.ocr.length > 0) restartClock(scan); // its limit grew
        }
        break;
      case "ocr":
        scan.chars += message.text.length;
        if (scan.chars > maxDocumentChars) return fail(scan, tooMuchText(maxDocumentChars));
        // A page whose picture holds less than its text layer (a figure with a caption) keeps the layer.
        if (betterText(message.text, scan.texts[message.page - 1] ?? "")) {
          scan.texts[message.page - 1] = message.text;
          scan.ocr[message.page - 1] = true;
        }
        scan.ocrLeft--;
        break;
    }
    if (scan.pagesLeft === 0 && scan.ocrLeft === 0) finish(scan);
  }

  function dispatch(): void {
    for (const slot of slots) {
      // Only started workers take tasks, so a worker's start-up never counts against a scan's time.
      if (slot.current || !slot.ready) continue;
      const scan = nextScan();
      const task = scan?.todo.shift();
      if (!scan || !task) return;
      slot.current = { scan, task };
      slot.opened.add(scan.id);
      scan.running++;
      scan.lastTurn = ++turn;
      if (scan.running === 1) startClock(scan);
      const message = taskMessage(scan, task);
      if (task.kind === "ocr" && !slot.ocrUsed) {
        // The worker's memory limit is raised for OCR first (OCR_MEMORY_MB); the worker is replaced once
        // OCR is done (recycleAfterOcr), so the raise never outlasts it.
        const { worker } = slot;
        void worker.allowOcr().then(() => worker.send(message));
      } else slot.worker.send(message);
      if (task.kind === "ocr") {
        slot.ocrUsed = true;
        scan.progress?.({ ocrPage: task.page, pages: scan.texts.length });
      }
    }
  }

  function taskMessage({ id: scanId, filePath }: Scan, task: Task): ToWorker {
    switch (task.kind) {
      case "open":
        return { type: "open", scanId, filePath, maxPages };
      case "pages":
        return { type: "pages", scanId, filePath, from: task.from, to: task.to, maxPageChars, ocr: ocrMaxPages > 0 };
      case "ocr":
        return { type: "ocr", scanId, filePath, page: task.page, languages: ocrLanguages };
    }
  }

  /**
   * Fair shares: each owner's oldest scan takes part, the others wait for it to end. Of those, the one
   * with the fewest workers on it goes next, and among those the one that has waited longest. A small
   * file thus waits for a page range or two, never for a whole big one, and never for the other files
   * of someone who uploaded many.
   */
  function nextScan(): Scan | undefined {
    let best: Scan | undefined;
    const owners = new Set<unknown>();
    for (const scan of scans) {
      const ownersFirst = !owners.has(scan.owner);
      owners.add(scan.owner);
      if (!ownersFirst || scan.todo.length === 0) continue;
      if (!best || scan.running < best.running || (scan.running === best.running && scan.lastTurn < best.lastTurn)) {
        best = scan;
      }
    }
    return best;
  }

  /**
   * A scan's time limit: SCAN_TIMEOUT_S, and ocrPageTimeoutMs for each page found to need OCR (at most
   * OCR_MAX_PAGES of them), since a page read by OCR takes seconds where a text page takes milliseconds.
   */
  const limitMs = (scan: Scan) => timeoutMs + scan.ocrPages * ocrPageTimeoutMs;

  function startClock(scan: Scan): void {
    const { clock } = scan;
    clock.since = performance.now();
    const timedOut = () => (scan.ocrPages > 0 ? ocrTimedOut(limitMs(scan), scan.ocrPages) : scanTimedOut(timeoutMs, scan.format));
    clock.timer = setTimeout(() => fail(scan, timedOut()), limitMs(scan) - clock.usedMs).unref();
  }

  function restartClock(scan: Scan): void {
    stopClock(scan);
    startClock(scan);
  }

  function stopClock(scan: Scan): void {
    const { clock } = scan;
    clock.usedMs += performance.now() - clock.since;
    clearTimeout(clock.timer);
  }

  function settle(scan: Scan): boolean {
    const index = scans.indexOf(scan);
    if (index < 0) return false;
    scans.splice(index, 1);
    clearTimeout(scan.clock.timer);
    scan.unlisten();
    keepAlive();
    for (const slot of slots) {
      if (slot.opened.delete(scan.id)) slot.worker.send({ type: "release", scanId: scan.id });
    }
    recycleAfterOcr();
    return true;
  }

  function finish(scan: Scan): void {
    if (!settle(scan)) return;
    if (scan.texts.every((text) => text === "")) return scan.reject(noSelectableText(ocrMaxPages > 0));
    const pages = scan.texts.map((text, i) => ({ page: i + 1, text, ...(scan.ocr[i] ? { ocr: true } : {}) }));
    scan.resolve({ pageCount: scan.texts.length, pages });
  }

  /** A file read whole when opened (any kind but PDF, ../formats): its pages held to the same limits as ranges are. */
  function finishWhole(scan: Scan, texts: string[], format: ScanResult["format"]): void {
    const long = texts.findIndex((text) => text.length > maxPageChars);
    if (long >= 0) return fail(scan, tooMuchPageText(long + 1, maxPageChars, format));
    if (texts.reduce((sum, text) => sum + text.length, 0) > maxDocumentChars) return fail(scan, tooMuchText(maxDocumentChars, format));
    if (!settle(scan)) return;
    scan.resolve({ pageCount: texts.length, pages: texts.map((text, i) => ({ page: i + 1, text })), format });
  }

  function fail(scan: Scan, error: AppError): void {
    if (!settle(scan)) return;
    // Workers still on this scan are replaced, not waited for: after a time-out they may be stuck in it,
    // and otherwise their pages would be thrown away. Other scans' tasks are on other workers and go on.
    for (const slot of slots) {
      if (slot.current?.scan === scan) replaceWorker(slot);
    }
    scan.reject(error);
    dispatch();
  }

  function stopAll(reason: () => AppError): Promise<void> {
    stopped = reason;
    for (const scan of [...scans]) {
      if (settle(scan)) scan.reject(reason());
    }
    return Promise.all(slots.map((slot) => slot.worker.kill())).then(() => undefined);
  }

  return {
    scan(filePath, { owner, signal, progress }: ScanOptions = {}) {
      if (stopped) return Promise.reject(stopped());
      if (signal?.aborted) return Promise.reject(scanAbandoned());
      return new Promise<ScanResult>((resolveScan, rejectScan) => {
        const abandon = () => fail(scan, scanAbandoned());
        const scan: Scan = {
          id: ++lastId,
          filePath: path.resolve(filePath),
          owner: owner ?? Symbol("no owner"),
          resolve: resolveScan,
          reject: rejectScan,
          todo: [{ kind: "open" }],
          running: 0,
          texts: [],
          ocr: [],
          pagesLeft: -1,
          ocrPages: 0,
          ocrLeft: 0,
          progress,
          chars: 0,
          lastTurn: 0,
          clock: { usedMs: 0, since: 0 },
          unlisten: () => signal?.removeEventListener("abort", abandon),
        };
        signal?.addEventListener("abort", abandon, { once: true });
        scans.push(scan);
        keepAlive();
        dispatch();
      });
    },
    pending: () => scans.length,
    close() {
      return stopped ? Promise.resolve() : stopAll(poolClosed);
    },
  };
}

/** Page ranges that split `pageCount` pages into tasks (see MAX_RANGE). */
function pageRanges(pageCount: number, workers: number): Task[] {
  const size = Math.min(MAX_RANGE, Math.max(MIN_RANGE, Math.ceil(pageCount / workers)));
  const ranges: Task[] = [];
  for (let from = 1; from <= pageCount; from += size) {
    ranges.push({ kind: "pages", from, to: Math.min(pageCount, from + size - 1) });
  }
  return ranges;
}
