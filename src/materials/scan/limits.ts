/**
 * How much a scan may take. A PDF is small on disk but may unpack into far more (a 2 MB file can
 * inflate to gigabytes, and one short content stream drawn by a hundred pages becomes a hundred pages of
 * text), so the limits are on what reading produces, not on the file.
 */

/**
 * Memory of one worker process (SCAN_MEMORY_MB's default), enforced by the kernel as RLIMIT_DATA. The
 * figure counts address space, not resident memory: Node 24 reserves about 560 MB of it before running
 * any code (V8's code range and heap reservations, thread stacks), and does not start below about
 * 740 MB. Measured in the pool (a worker keeps documents open between page ranges): the test PDFs and
 * the 1,151-page C++ Annotations read within 768 MB; the 2,415-page R reference manual, more pages than
 * MAX_PDF_PAGES allows by default, fails at 832 and reads at 896. 1024 MB leaves that book 128 MB of
 * room, and a worker can hold 250-400 MB of unpacked data before an allocation fails.
 */
export const DEFAULT_MEMORY_MB = 1024; // config.ts refuses SCAN_MEMORY_MB below 768: Node would not start

/**
 * V8's heap inside that limit. Reading the R reference manual peaks at about 95 MB of live objects, so
 * this has room to spare, and a file built to fill the heap fails at a quarter of a gigabyte rather than
 * at the process limit. A 16 MB semi-space (32 MB young generation) kept a worker's RSS 90 MB lower
 * than V8's default on the C++ Annotations, at no speed difference measured.
 */
export const HEAP_FLAGS = ["--max-old-space-size=256", "--max-semi-space-size=16"];

/**
 * Characters of text on one page. A dense textbook page holds 3,000-6,000; the densest page of the R
 * reference manual has 4,713 and of the C++ Annotations 3,959. Ten times a dense page is still a real
 * page (a table in small print); more is text drawn over and over.
 */
export const MAX_PAGE_CHARS = 50_000;

/**
 * Characters of text in one file: 5,000 a page over 2,000 pages (MAX_PDF_PAGES' default) of dense
 * textbook. The R reference manual, 2,415 pages, has 4.4 million.
 */
export const MAX_DOCUMENT_CHARS = 10_000_000;

/** What V8 says when an allocation fails against these limits: a RangeError, or a fatal error on stderr. */
export const OUT_OF_MEMORY = /allocation failed|out of memory/i;

/**
 * What a worker dying for lack of memory may print on stderr besides V8's own words: tesseract's image
 * library failing to allocate ("pixdata_malloc fail"), and V8 failing to make memory executable for
 * compiled code ("Check failed: SetPermissions", a SIGTRAP), both seen under the limit during OCR; also
 * "calloc fail" and libpng's "insufficient memory" (seen when OCR ran just short of memory).
 */
export const STDERR_OUT_OF_MEMORY = new RegExp(`${OUT_OF_MEMORY.source}|[mc]alloc fail|insufficient memory|Check failed: SetPermissions`, "i");

/**
 * Address space added to SCAN_MEMORY_MB while a worker reads pages by OCR. Of a worker's 1,024 MB, V8
 * reserves 512 MB as its code range before running anything (0.5 MB of it resident), and the worker is
 * at about 720 MB when OCR starts; the recognizer takes 180-250 MB more and each page's rendering some
 * 120 MB while it lasts, so a 30-page scan peaked at 958-991 MB and failed in 2 of 13 runs. The worker
 * starts with this much more as its hard limit and is raised to it just before its first OCR page
 * (V8 sizes its heap by the limit it starts with, which stays that of a text scan); a worker that ran
 * OCR is replaced once OCR is done (pool.ts). It is address space, not memory used: resident memory
 * stayed near 400 MB.
 */
export const OCR_MEMORY_MB = 512;

/**
 * What OCR's first page needs beyond what the worker holds (the recognizer 180-250 MB, the page's rendering
 * some 120 MB, above): an OCR failure with less than this left under the limit is memory running out.
 */
export const OCR_NEEDS_MB = 250;

/**
 * Pixels of one image pdf.js decodes (for OCR's rendering; reading text decodes none): an A4 page scanned
 * at 600 dpi has 35 million, 140 MB as RGBA. A larger one is skipped, not drawn, so a file cannot make a
 * worker decode an image declared far larger than its bytes.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Time a scan may take for each page it reads by OCR, on top of SCAN_TIMEOUT_S (pool.ts). A page takes
 * 3-4 s on an idle worker of this machine's and 8-11 s when both cores are busy (8 pages took 68-91 s in
 * the review of issue 15); 15 s leaves room for a slower machine. Bounded by OCR_MAX_PAGES: at its
 * default of 50, a scan may take 120 + 750 seconds of worker time.
 */
export const OCR_PAGE_TIMEOUT_S = 15;
