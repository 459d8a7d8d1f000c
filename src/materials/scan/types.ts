import type { DocumentFormat } from "../formats/types.ts";

/** One page's text; `page` is 1-based (a slide or section of a file that is not a PDF). */
export interface ScannedPage {
  page: number;
  text: string;
  /** The text was read from the page's picture by OCR: it may hold misread words. */
  ocr?: boolean;
}

export interface ScanResult {
  pageCount: number;
  /** What the file was found to be (../formats/detect.ts); a PDF when not said. */
  format?: DocumentFormat;
  pages: ScannedPage[];
}

export interface ScanPoolOptions {
  /** How many worker processes scan at once (SCAN_WORKERS). */
  workers: number;
  /**
   * Time workers may spend on one scan (SCAN_TIMEOUT_S × 1000), and ocrPageTimeoutMs more for each page
   * it reads by OCR; time it waits behind other files does not count. A scan over the limit fails and
   * its stuck worker is replaced.
   */
  timeoutMs: number;
  /** Documents with more pages are refused before their text is read (MAX_PDF_PAGES). */
  maxPages: number;
  /** Memory each worker process may use, enforced by the kernel (SCAN_MEMORY_MB; limits.ts). */
  memoryMb?: number;
  /** Text one page may have (limits.ts); more fails the scan. */
  maxPageChars?: number;
  /** Text one file may have (limits.ts); more fails the scan. */
  maxDocumentChars?: number;
  /** Pages of one file OCR may read (OCR_MAX_PAGES); more fails the scan. 0 (the default): no OCR. */
  ocrMaxPages?: number;
  /** Languages OCR reads in (OCR_LANGUAGES). */
  ocrLanguages?: string[];
  /** Memory a worker may use on top of memoryMb while reading pages by OCR (limits.ts's OCR_MEMORY_MB). */
  ocrMemoryMb?: number;
  /** Time a scan may take on top of timeoutMs for each page it reads by OCR (limits.ts's OCR_PAGE_TIMEOUT_S × 1000). */
  ocrPageTimeoutMs?: number;
}

/** Where a scan is: OCR reading page `page` of the file's `pages`. */
export interface ScanProgress {
  ocrPage: number;
  pages: number;
}

export interface ScanOptions {
  /**
   * Who the scan is for (a user id). One owner's scans run one at a time, in the order they came, so
   * that someone uploading many files shares the workers with everyone else instead of taking them.
   */
  owner?: string | number;
  /** Aborting it (the client went away) drops the scan: its queued work, and any worker busy on it. */
  signal?: AbortSignal;
  /** Told when OCR starts on a page (plain text pages take no time worth telling). */
  progress?(progress: ScanProgress): void;
}

export interface ScanPool {
  /** Reads the PDF at `filePath` (in a worker) and returns its text page by page. Throws AppError. */
  scan(filePath: string, options?: ScanOptions): Promise<ScanResult>;
  /** How many scans are queued or being read. */
  pending(): number;
  /** Stops the workers; scans still queued or running fail. */
  close(): Promise<void>;
}
