/** One page's text; `page` is 1-based. */
export interface ScannedPage {
  page: number;
  text: string;
}

export interface ScanResult {
  pageCount: number;
  pages: ScannedPage[];
}

export interface ScanPoolOptions {
  /** How many worker threads scan at once (SCAN_WORKERS). */
  workers: number;
  /**
   * Time workers may spend on one scan (SCAN_TIMEOUT_S × 1000); time it waits behind other files does
   * not count. A scan over the limit fails and its stuck worker is replaced.
   */
  timeoutMs: number;
  /** Documents with more pages are refused before their text is read (MAX_PDF_PAGES). */
  maxPages: number;
}

export interface ScanPool {
  /** Reads the PDF at `filePath` (in a worker) and returns its text page by page. Throws AppError. */
  scan(filePath: string): Promise<ScanResult>;
  /** Stops the workers; scans still queued or running fail. */
  close(): Promise<void>;
}
