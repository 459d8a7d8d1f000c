import type { PageText } from "../types.ts";
import { entryLinesOf, referenceEntryOf } from "./api-entries.ts";
import { wordsOf } from "./text.ts";

/**
 * Section headings, numbered ("7.1.1 Recommended hash functions", "5.2 How can add-on packages be
 * installed?", "8.1. Configuring the System") and the section each line of a document stands in. A
 * section's title says what its sentences are about better than the words of any one sentence: in a
 * manual's chapter on hash functions, "SHA224 is a variant of SHA256" is about them without naming them.
 */
export interface Heading {
  /** The number's parts, letters counted from 1 ("A.2" is [1, 2] in the appendices). */
  number: number[];
  appendix: boolean;
  title: string;
  /** Printed without a number (see plainHeading): below the numbered headings, until the next heading. */
  plain?: boolean;
  /** The page a heading printed without a number stands on (sectionsAtPageStart): its section ends with the next page. */
  page?: number;
}

const SECTION_HEADING = /^(Chapter\s+)?(\d{1,2}|[A-Z])((?:\.\d{1,3}){0,5})(\.?)\s+(\p{Lu}.{0,100})$/u;
/** A table of contents' dot leaders, or its page number at the line's end. */
const TOC_ENTRY = /(?:\.\s?){4,}|\s\d+$/;
const MAX_TITLE_WORDS = 12;

/** The heading a line is, if it is one: a number, then a capitalised title without a sentence's end. */
export function sectionHeading(line: string): Heading | undefined {
  const match = SECTION_HEADING.exec(line.trim());
  if (!match) return undefined;
  const [, chapter, first = "", rest = "", dot, title = ""] = match;
  const appendix = /[A-Z]/.test(first);
  // "A Study of …" is a sentence's start; an appendix's heading has a number after its letter ("A.1").
  if (appendix && !rest) return undefined;
  // "2. Start the R program with the command": a numbered step, unless it says it is a chapter or is titled
  // like one ("9. Classes", "8. Errors and Exceptions": the Python tutorial's chapters printed from the browser).
  if (!rest && dot && !chapter && !titleCased(title)) return undefined;
  if (TOC_ENTRY.test(title) || /[.,;:]$/.test(title) || wordsOf(title).length > MAX_TITLE_WORDS) return undefined;
  const top = appendix ? first.charCodeAt(0) - 64 : Number(first);
  return { number: [top, ...rest.split(".").filter(Boolean).map(Number)], appendix, title: title.trim() };
}

/** "Errors and Exceptions", "Data Structures": a few words, each but the small ones capitalised. */
function titleCased(title: string): boolean {
  const words = title.trim().split(/\s+/);
  return words.length <= 6 && words.every((word) => word.length < 4 || /^\p{Lu}/u.test(word));
}

/** A title's words: capitalised first, no sentence's end, nothing of code or a table. */
const PLAIN_TITLE = /^\p{Lu}[^.,;:!{}[\]<>=$#_\\|~^*@/]{0,79}$/u;
/** A sentence's end, ending a line. */
const ENDED = /[.!?:]["”’)]?$/;
/** The prose a heading stands over: a sentence or more, ended, or a sentence and then more (a signature run into it). */
const PROSE = new RegExp(`${ENDED.source}|[.!?]["”’)]?\\s+\\p{L}`, "u");
const MAX_PLAIN_TITLE_WORDS = 8;
/**
 * A name as a reference's heading prints it, in lower case and of one word: gitattributes(5) titles its
 * sections for attributes ("working-tree-encoding", "ident", "filter", "export-ignore").
 */
const NAME_TITLE = /^\p{Ll}[\p{L}\d]*(?:[-_][\p{L}\d]+)*$/u;
const MAX_NAME_TITLE_LENGTH = 40;
const LITERAL = /^(?:true|false|null|none|nil|undefined|nan)$/i;
/** A section of a manual page in capitals ("CONFIGURATION"), then a setting's dotted name ("core.notesRef"). */
const MAN_SECTION = /^(\p{Lu}{3,}(?: \p{Lu}{2,}){0,3}) [\w-]{1,30}\.[\w.-]{1,60}$/u;

/**
 * A heading printed without a number, as web pages and handouts print theirs ("Iterators", "The
 * itertools module", "Logging Levels" in the Python HOWTOs printed from the browser): a short
 * capitalised line without a sentence's end, on a line of its own, with a paragraph of prose under it.
 */
export function plainHeading(line: string, next: string | undefined, previous?: string): Heading | undefined {
  const title = line.trim();
  const words = wordsOf(title).length;
  // (A citation's author and year, "Gerou 1996", is no title.)
  // ("For example", "Here are some examples": what leads into a listing the scan dropped.)
  if (/^(?:For (?:example|instance)|Here|Thus|So|Then|Now|E\.g)\b/.test(title)) return undefined;
  // (Not the last word of a wrapped line of prose: the line before a name ends a sentence.)
  // ("false", "null": a value in a list of them, not a title.)
  const named = NAME_TITLE.test(title) && title.length <= MAX_NAME_TITLE_LENGTH && !LITERAL.test(title) && (previous === undefined || ENDED.test(previous.trim()));
  // "CONFIGURATION core.notesRef": a manual page's section in capitals with its first entry's name run into the line.
  const manSection = MAN_SECTION.exec(title);
  if (!named && !manSection && (!PLAIN_TITLE.test(title) || words === 0 || words > MAX_PLAIN_TITLE_WORDS || /^\d|\b(?:1[5-9]|20)\d\d\b/.test(title))) return undefined;
  const under = next?.trim() ?? "";
  // ("Power and logarithmic functions" over "math.cbrt(x)": a reference's section, its first entry under it.)
  const entry = referenceEntryOf(under) !== undefined && (previous === undefined || ENDED.test(previous.trim()));
  if (!entry && (!PROSE.test(under) || wordsOf(under).length <= MAX_PLAIN_TITLE_WORDS)) return undefined;
  return { number: [], appendix: false, title: manSection?.[1] ?? title, plain: true };
}

/**
 * Whether `next` can follow `last` in a document: a child, the next sibling at some level, or a small
 * jump ahead (a heading the extraction lost). A wrapped line of prose that happens to start with a
 * number ("12 Packages were …") is rarely one, and is not taken for a section.
 */
function follows(last: Heading | undefined, next: Heading): boolean {
  // Chapter 1 starts the document again (after a table of contents read as headings).
  if (!last || (!next.appendix && next.number.length === 1 && next.number[0] === 1)) return true;
  // The appendices start again at A.
  if (next.appendix && !last.appendix) return next.number[0] === 1;
  if (next.appendix !== last.appendix) return false;
  for (let i = 0; i < next.number.length; i++) {
    const a = last.number[i];
    const b = next.number[i] as number;
    if (a === undefined) return b <= 2 && next.number.slice(i + 1).every((n) => n <= 2);
    if (b !== a) return b > a && b - a <= 2 && next.number.slice(i + 1).every((n) => n <= 2);
  }
  return false;
}

/** The headings in force after `heading`: those above it, then it. */
function enter(path: readonly Heading[], heading: Heading): Heading[] {
  return [...path.filter((h) => !h.plain && h.number.length < heading.number.length), heading];
}

/** Pages after its own that a section under a heading printed without a number runs on. */
const PLAIN_SECTION_PAGES = 1;

/** Reads a document's headings in order; `at` answers the titles of the section a line stands in. */
export class SectionReader {
  private path: Heading[] = [];
  /** The last heading that did not follow: when the next one follows it, the reader had gone astray. */
  private refused: Heading | undefined;

  /** The page being read, where the reader is told (sectionsAtPageStart). */
  private page: number | undefined;

  constructor(start: readonly Heading[] = []) {
    this.path = [...start];
  }

  /**
   * Starts a page. A heading printed without a number has no level to end it: Node.js's "File modes", a note inside
   * fs.chmod()'s entry, held every page of the reference after it (round 49: the next 60 pages asked under "file
   * modes"). Its section ends with the page after its own; a numbered heading's holds to the next heading.
   */
  startPage(page: number): void {
    this.page = page;
    this.path = this.path.filter((h) => h.page === undefined || page - h.page <= PLAIN_SECTION_PAGES);
  }

  /**
   * Takes the document's next line (and the line after it, which confirms a heading printed without a
   * number): a heading that can follow the last one starts a section.
   */
  line(text: string, next?: string, previous?: string): void {
    const heading = sectionHeading(text);
    if (!heading) {
      // One title without a number at a time, under the numbered ones in force.
      const plain = plainHeading(text, next, previous);
      if (plain) this.path = [...this.path.filter((h) => !h.plain), { ...plain, ...(this.page !== undefined && { page: this.page }) }];
      return;
    }
    if (follows(this.path.findLast((h) => !h.plain), heading)) this.path = enter(this.path, heading);
    // Two headings in a row that follow each other and not the path: a line taken for a heading led
    // the reader astray ("2 Start the R program …" before "1.6", "1.7"); it starts again from them.
    else if (this.refused && follows(this.refused, heading)) this.path = enter([], heading);
    else {
      this.refused = heading;
      return;
    }
    this.refused = undefined;
  }

  get headings(): readonly Heading[] {
    return this.path;
  }

  /** The section's titles, outermost first ("Hash functions / Recommended hash functions / SHA224"). */
  get titles(): string {
    return this.path.map((h) => h.title).join(" / ");
  }
}

/** A sentence's section titles one by one, outermost first ("Data Structures / Sets": "Data Structures", "Sets"). */
export function sectionTitles(titles: string): string[] {
  return titles.split(" / ");
}

/** The innermost of a sentence's section titles ("Data Structures / Sets": "Sets"). */
export function innermostTitle(titles: string): string {
  return sectionTitles(titles).at(-1) ?? "";
}

/** The things a title names, one or a few ("Attributes and Color": "Attributes", "Color"). */
export function titleParts(title: string): string[] {
  return title.split(/\s*(?:,|&|\band\b)\s*/).filter(Boolean);
}

/** The headings in force at the top of each page: one pass over the document's lines. */
export function sectionsAtPageStart(pages: readonly PageText[]): Map<number, readonly Heading[]> {
  const starts = new Map<number, readonly Heading[]>();
  const reader = new SectionReader();
  for (const page of pages) {
    reader.startPage(page.page);
    starts.set(page.page, reader.headings);
    // (A heading run onto its first entry's line, "Power and logarithmic functions math.cbrt(x)", is read apart: only a
    // line with a bracket can hold an entry, and a long document has tens of thousands of lines.)
    const lines = page.text
      .split("\n")
      .flatMap((line) => (line.includes("(") ? entryLinesOf(line) : [line]))
      .filter((line) => line.trim());
    // A table of contents whose page numbers sit on lines of their own: headings, not sections.
    if (lines.filter((line) => sectionHeading(line)).length > Math.max(5, lines.length * 0.4)) continue;
    // (A heading on a page's last line is not carried over to the next page: tried in round 41, it put Node.js's zlib
    // pages 12 to 15 under "Flush operations", their own headings unread.)
    lines.forEach((line, i) => reader.line(line, lines[i + 1], lines[i - 1]));
  }
  return starts;
}
