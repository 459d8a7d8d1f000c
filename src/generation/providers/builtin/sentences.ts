import type { PageText } from "../types.ts";
import { startsWithName } from "./english.ts";
import { plainHeading, sectionHeading, SectionReader, type Heading } from "./sections.ts";
import { beginsItem, DOES, EntryReader, entryLinesOf, entryOf, entryParameters, functionDescription, inEntry, namedDescription, type ApiEntry } from "./api-entries.ts";
import { parse, withCodeNames, type Parsed } from "./nlp.ts";
import { rejectReason } from "./quality.ts";
import { wordsOf } from "./text.ts";

/** One sentence of running prose, tagged, and the page it is printed on. */
export interface Sentence extends Parsed {
  page: number;
  /** The titles of the numbered section it stands in, outermost first ("Hash functions / SHA224"), if any. */
  section?: string;
  /** It stands in a box beside the text ("COMMUNITY Popular packages"): the box's title, what it is about instead of the section. */
  aside?: string;
  /**
   * The first sentence of a glossary's entry: the term printed on the line above it ("checkout" over
   * "The action of updating all or part of the working tree …"), which the sentence may leave out.
   */
  glossaryTerm?: string;
  /**
   * The sentence as the page prints it, where `text` gives it the name of the library entry it describes
   * ("Raised when …" under "exception SyntaxError": "SyntaxError is raised when …"; api-entries.ts).
   */
  printed?: string;
  /** The library entry ("json.JSONEncoder()", "SyntaxError") whose description the sentence is part of. */
  entry?: string;
  /**
   * The function whose description the sentence is, named as its subject ("math.comb() returns the number of ways to
   * choose k items from n items …" under "math.comb(n, k)"), and its parameters: no example's variables, nor bare names.
   */
  described?: { name: string; parameters: readonly string[] };
  /**
   * Characters of `text` the generator wrote in ("The bisect module" for "This module"): no blank falls on
   * them ("The bisect _____ provides …" would ask for a word the page never printed there).
   */
  named?: { start: number; stop: number };
}

/** A glossary's term on a line of its own: a few lower-case words, no sentence's end ("blob object", "checkout"). */
const GLOSSARY_TERM = /^\p{Ll}[\p{L}\p{N}'’ ,-]{1,60}$/u;

/**
 * Lines that are not running prose. Extracted PDF text keeps the visual lines, so code listings,
 * table-of-contents entries and headings are recognised line by line before lines are joined.
 */
const CODE_LINE = /^\s*(?:[>$%#]\s|\+\s|\/\/|\/\*|\*\s|[}\]])|<-|->|::|[{};]\s*$/;
const TOC_LINE = /(?:\.\s?){4,}|\s\.\s\.\s/;
const NUMBERED_HEADING = /^\s*(?:\d+(?:\.\d+)*|[A-Z]\.\d+(?:\.\d+)*)\.?\s+\p{Lu}/u;
const LIST_ITEM = /^\s*(?:\d+[.)]|[•◦▪–-])\s+/;
/** A section's number of two levels or more before a capital, anywhere in a line ("3.1. Programs …"). */
const NUMBERED_RUN = /(?:^|\s)\d+\.\d+(?:\.\d+)*\.?\s+\p{Lu}/gu;
const ENDS_CLAUSE = /[.!?:;,]["”’)]?$/;
const SYMBOLS = /[{}[\]<>=$#_\\|~^*@]/g;

type LineKind = "prose" | "list" | "break";

/**
 * A box's label and title on a line of their own: "COMMUNITY Popular packages", "BACK TO BASICS Daemons",
 * "NOTE Scripts". Its text runs to the next blank line.
 */
const BOX_LABEL =
  /^(?:NOTE|NOTES|TIP|TIPS|HINT|WARNING|CAUTION|IMPORTANT|ATTENTION|REMARK|SIDEBAR|ASIDE|EXAMPLE|CULTURE|COMMUNITY|HISTORY|SECURITY|ALTERNATIVE|DOCUMENTATION|TOOL|VOCABULARY|BACK TO BASICS|GOING FURTHER|IN PRACTICE|QUICK LOOK|SPECIFIC CASE|DEBIAN POLICY|FOR FURTHER READING)(?:\s+(\p{Lu}[^.!?]{0,80}))?$/u;

function classifyLine(line: string): LineKind {
  const trimmed = line.trim();
  if (!trimmed) return "break";
  if (CODE_LINE.test(trimmed) || TOC_LINE.test(trimmed)) return "break";
  // "3.1. Programs run OK on Valgrind, but … segmentation fault. 3.2. My (buggy) program dies …": a FAQ's numbered
  // questions run into one line, a list of headings (round 40: their problems were asked as facts).
  // ("4.2. The stack traces … aren't helpful. How can I improve them?": one such question on its line.)
  const numbered = trimmed.match(NUMBERED_RUN)?.length ?? 0;
  if (numbered >= 2 || (numbered === 1 && /^\d+\.\d+/.test(trimmed) && trimmed.includes("?"))) return "break";
  if ((trimmed.match(SYMBOLS)?.length ?? 0) > Math.max(1, trimmed.length * 0.04)) return "break";
  const endsClause = ENDS_CLAUSE.test(trimmed);
  // Headings, running heads, captions, page numbers and glyph debris are short and unpunctuated.
  if (!endsClause && (wordsOf(trimmed).length <= 8 || NUMBERED_HEADING.test(trimmed))) return "break";
  return LIST_ITEM.test(trimmed) ? "list" : "prose";
}

/**
 * The section titles of a page: numbered headings, short unpunctuated title lines, and the entries
 * of a table of contents without their dot leaders and page numbers. They say what the document
 * is about (suggested topics).
 */
export function headingLines(pageText: string): string[] {
  const headings: string[] = [];
  for (const raw of pageText.split(/\r?\n/)) {
    const line = raw.trim();
    const toc = TOC_LINE.test(line);
    const title = (toc ? line.replace(/(?:\s*\.){2,}.*$/, "") : line).replace(/^(?:Chapter\s+)?[\dA-Z]?[\d.]*:?\s+/, "");
    const words = wordsOf(title);
    if (words.length === 0 || words.length > 8 || !/^\p{Lu}/u.test(title) || /\d{2,}/.test(title)) continue;
    if (toc || (!ENDS_CLAUSE.test(line) && !CODE_LINE.test(line) && words.length >= 1 && /\p{Ll}/u.test(title))) headings.push(title);
  }
  return headings;
}

/** Joins wrapped lines; a hyphen at a line end followed by a lower-case letter was hyphenation. */
function joinLines(lines: string[]): string {
  let text = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (text.endsWith("-") && /^\p{Ll}/u.test(line) && /\p{L}-$/u.test(text)) text = text.slice(0, -1) + line;
    else text = text ? `${text} ${line}` : line;
  }
  return text;
}

interface Paragraph {
  text: string;
  section: string;
  aside: string | undefined;
  term: string | undefined;
  /** The library entry whose description the paragraph is. */
  entry: ApiEntry | undefined;
  /** The C reference entry (api-entries.ts referenceEntryOf) the paragraph stands under, to the next heading or entry. */
  under: string | undefined;
  /** The paragraph right under its entry's line: its first sentence is the entry's description. */
  opens: boolean;
  /** The parameters of the entry's function (api-entries.ts entryParameters). */
  parameters: readonly string[];
}

/** For each line, the nearest line with text before it (step 1, reading forwards) or after it (step -1, reading backwards). */
function nearestWithText(lines: readonly string[], step: 1 | -1): (string | undefined)[] {
  const nearest: (string | undefined)[] = [];
  let seen: string | undefined;
  for (let i = step === 1 ? 0 : lines.length - 1; i >= 0 && i < lines.length; i += step) {
    nearest[i] = seen;
    if (lines[i]?.trim()) seen = lines[i];
  }
  return nearest;
}

function paragraphsOf(pageText: string, sections: SectionReader): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let current: string[] = [];
  let aside: string | undefined;
  // The line just before the paragraph, when it was a glossary's term.
  let term: string | undefined;
  let lastBreak: string | undefined;
  let entry: ApiEntry | undefined;
  let under: string | undefined;
  let opens = false;
  let parameters: readonly string[] = [];
  const flush = () => {
    if (current.length) paragraphs.push({ text: joinLines(current), section: sections.titles, aside, term, entry, under, opens, parameters });
    current = [];
    term = undefined;
    entry = undefined;
    opens = false;
  };
  const lines = pageText.split(/\r?\n/).flatMap(entryLinesOf);
  const entries = new EntryReader();
  // The lines with text after and before each line: what confirms a heading printed without a number, and what
  // shows a lone word is no wrapped line's last.
  const nextText = nearestWithText(lines, -1);
  const previousText = nearestWithText(lines, 1);
  for (const [i, line] of lines.entries()) {
    // A box runs from its label to the next blank line (or heading).
    const box = BOX_LABEL.exec(line.trim());
    if (box || !line.trim()) {
      flush();
      aside = box ? (box[1] ?? "") : undefined;
      lastBreak = undefined;
      continue;
    }
    // A library entry's line ("exception SyntaxError(…)", "hashlib.scrypt(password, *, salt, …)") names what the
    // paragraph below it describes; a function's names what its entry's every sentence is about.
    const reference = entries.line(line, nextText[i]);
    const named = entryOf(line, nextText[i]);
    if (reference || named) {
      flush();
      under = reference;
      entry = named;
      opens = true;
      parameters = entryParameters(line);
      lastBreak = undefined;
      continue;
    }
    // ("buffer.kMaxLength" over its description: what follows is no longer the function's above.)
    if (under !== undefined && beginsItem(line)) {
      flush();
      under = undefined;
    }
    // A heading ends the paragraph before it (which stays in the section it was in).
    const previous = previousText[i];
    if (sectionHeading(line) || plainHeading(line, nextText[i], previous)) {
      flush();
      aside = undefined;
      under = undefined;
      entries.heading();
      // A name heading ("checkout" over its definition) is also a glossary's term.
      lastBreak = line.trim();
      sections.line(line, nextText[i], previous);
      continue;
    }
    const kind = classifyLine(line);
    if (kind === "break") {
      flush();
      lastBreak = line.trim();
      continue;
    }
    if (kind === "list") {
      flush();
      current.push(line.replace(LIST_ITEM, ""));
      lastBreak = undefined;
      continue;
    }
    if (current.length === 0 && lastBreak !== undefined && GLOSSARY_TERM.test(lastBreak) && wordsOf(lastBreak).length <= 6) term = lastBreak;
    // "Open a gdbm database and return a gdbm object." after "exception dbm.gnu.error"'s paragraph: a function's description
    // whose entry's line the page lost (round 57: "In dbm.gnu.error, the optional mode argument is …"). It is no longer the class's.
    if (under?.includes(".") && !under.endsWith("()") && DOES.test(line.trim()) && /[.!?]["”’)]?$/.test(current.at(-1)?.trim() ?? ".") && (current.length > 0 || !opens)) {
      flush();
      under = undefined;
    }
    lastBreak = undefined;
    current.push(line);
    // What a colon introduces (a list, a program's output, dropped as code) is set apart: "… two simple ideas
    // on which it is based:" never runs into "The object database is …" below it.
    if (/:\s*$/.test(line) && /^\p{Lu}/u.test(nextText[i]?.trim() ?? "")) flush();
  }
  flush();
  return paragraphs;
}

/**
 * A year as citations, title and copyright pages give it: in brackets ("Wilks (1988) The New S
 * Language", "(2023-06-16)", "(Leipzig, 1866)"), after a comma or before the next sentence of a
 * citation ("Cambridge, Mass, 1953. Musical …", "1990. Speech extrapolated"), ending a line ("Finale
 * 2008:"), or beside a copyright. A year in a
 * sentence ("Excel 97–2003 and Excel 2007 spreadsheets") is prose.
 */
const CITED_YEAR = /\(\s*(?:1[5-9]|20)\d\d\b|\b(?:1[5-9]|20)\d\d[a-z]?\)|,\s*(?:1[5-9]|20)\d\d[a-z]?[.:]|\b(?:1[5-9]|20)\d\d[a-z]?\.\s+\p{Lu}|\b(?:1[5-9]|20)\d\d[a-z]?[.,:;]?\s*$|\bcopyright\b|©/iu;

/**
 * Bibliographies, title pages and copyright pages: many of their lines carry a year where citations
 * put it. Their "sentences" are citations, not statements about the subject.
 */
export function isReferencePage(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  const withYear = lines.filter((line) => CITED_YEAR.test(line)).length;
  return withYear >= 2 && withYear >= lines.length * 0.2;
}

/**
 * The tagger ends a sentence at "data." in "data.frame()"; a sentence that goes on in lower case
 * or with a bracket was cut inside a word, and is put back together (and then refused as code).
 */
function joinBrokenSentences(sentences: Parsed[]): Parsed[] {
  // First the pieces cut inside a word: "… the file new.myfuns." + "R will contain …", "itertools." +
  // "repeat(elem) returns …" (a footnote's number after a full stop, "same.3 There is …", starts a sentence of its own).
  const words = joinWhere(sentences, (_, sentence) => sentence.glued === true && !/^\d/.test(sentence.text));
  // Then a sentence that goes on in lower case or with a bracket: "… at all times." + "cron is the daemon …" after a
  // word's full stop (not "e.g.") starts a sentence, as a function's name does ("… infinitely." + "itertools.repeat(…) returns …").
  return joinWhere(words, (previous, sentence) => {
    const newSentence = /(?:(?<![.\s]\p{L})\p{L}{2,}|\))[.!?]["”’)]?$/u.test(previous.text) && startsWithName(sentence.text);
    return /^[\p{Ll}(),.]/u.test(sentence.text) && !newSentence;
  });
}

/** Sentences with each appended to the one before where `joins` says it goes on from it. */
function joinWhere(sentences: readonly Parsed[], joins: (previous: Parsed, sentence: Parsed) => boolean): Parsed[] {
  const out: Parsed[] = [];
  for (const sentence of sentences) {
    const previous = out.at(-1);
    if (previous && joins(previous, sentence)) {
      // Appended in place (the joined sentence is our own copy): a run of many pieces stays linear. A piece
      // the page set apart keeps its space ("… an exclamation point '!' may follow.", cut after "!'").
      const gap = sentence.glued ? "" : " ";
      const offset = previous.text.length + gap.length;
      const shift = previous.tokens.length;
      previous.text += gap + sentence.text;
      for (const t of sentence.tokens) previous.tokens.push({ ...t, start: t.start + offset, end: t.end + offset });
      for (const e of sentence.entities) previous.entities.push({ ...e, first: e.first + shift, last: e.last + shift });
    } else out.push({ text: sentence.text, tokens: [...sentence.tokens], entities: [...sentence.entities], ...(sentence.glued && { glued: true }) });
  }
  return out;
}

/**
 * The page's prose as parsed sentences: lines that are code, headings, tables of contents or
 * running heads never join a paragraph, so they never reach a sentence.
 */
export function pageSentences(page: PageText, sectionAtStart: readonly Heading[] = []): Sentence[] {
  if (isReferencePage(page.text)) return [];
  const module = moduleOf(page.text);
  return paragraphsOf(page.text, new SectionReader(sectionAtStart)).flatMap((paragraph) =>
    joinBrokenSentences(parse(paragraph.text)).map(withCodeNames).map((parsed, i) => ({
      ...claimBeforeColon((i === 0 && paragraph.opens && described(parsed, paragraph)) || underEntry(namedAfterModule(withoutConnective(parsed), module), paragraph.under, page.page)),
      page: page.page,
      ...(paragraph.section && { section: paragraph.section }),
      ...(paragraph.aside !== undefined && { aside: paragraph.aside }),
      ...(i === 0 && paragraph.term !== undefined && { glossaryTerm: paragraph.term }),
      ...(paragraph.entry && { entry: paragraph.entry.name }),
    })),
  );
}

/**
 * Openers that tie a sentence to the one before but carry nothing of its own ("However, …",
 * "In addition, …", "Note that …", "Please note, that …", and "And …", "So …", "But …" without a comma, as
 * an essay writes them): without them the sentence reads alone, or is refused for what then opens it.
 */
const CONNECTIVE =
  /^(?:(?:However|Thus|Hence|Therefore|Also|Similarly|Likewise|Consequently|Furthermore|Moreover|Additionally|In addition|In fact|Indeed|Finally|Of course|In other words|In particular|In general|In practice|In short|In summary|Generally|Typically|Usually|Normally|Basically|Essentially|Currently|Nowadays|Technically|Clearly|Obviously|Traditionally|Historically|In principle|As a rule|Conversely|Nevertheless|Nonetheless|Still|Now|So|But|And),|(?:Please )?[Nn]ote,? that|(?:And|So|But)(?=\s+\p{L}))\s+/u;

/**
 * The first sentence of an entry's description, named for the entry where it leaves the name out (api-entries.ts):
 * "SyntaxError is raised when …", "math.fabs() returns the absolute value of x." Undefined where it reads as the
 * entry's other sentences do.
 */
function described(sentence: Parsed, { entry, under, parameters }: Paragraph): (Parsed & Pick<Sentence, "printed" | "named" | "described">) | undefined {
  const named = entry && namedDescription(sentence.text, entry);
  if (named) return rewritten(sentence, named);
  const does = under === undefined ? undefined : functionDescription(sentence.text, under);
  if (does !== undefined && under !== undefined) {
    // What opens it is a verb where the function's name before it reads as its subject ("Return/PROPN the …" alone, the
    // tagger takes a capitalised word for a name; "Same as …", "A Repr instance …" are no verbs).
    const read = withCodeNames(rewritten(sentence, does, { start: 0, stop: under.length }));
    const verb = read.tokens[1];
    // (The verb written in is one: "BZ2File.peek() returns/NOUN buffered data …" was the tagger's.)
    if (read.printed !== undefined && read.tokens[0]?.code && verb && (verb.pos === "VERB" || DOES.test(sentence.text))) {
      return { ...read, tokens: read.tokens.map((t, i) => (i === 1 ? { ...t, pos: "VERB" } : t)), described: { name: under, parameters } };
    }
  }
  return entry ? sentence : undefined;
}

/** A sentence of a C reference entry's description, read with the entry's name where it stands alone (api-entries.ts inEntry). */
function underEntry(sentence: Parsed & { printed?: string }, name: string | undefined, page: number): Parsed & Pick<Sentence, "printed" | "named"> {
  // Only a sentence that reads well alone but for what it is about: "Set the argument …" stays an instruction.
  // ("In JavaScript, false, null … are all falsy" stays so: "In _.compact(), in JavaScript, …" reads badly.)
  if (name === undefined || sentence.printed !== undefined || /^In\s/.test(sentence.text) || rejectReason({ ...sentence, page })) return sentence;
  const text = inEntry(sentence.text, name);
  if (!text) return sentence;
  const read = rewritten(sentence, text, { start: 0, stop: `In ${name}`.length });
  // (Read again, the names of code in it are found again; unread, it stays as printed.)
  return read === sentence ? sentence : withCodeNames(read);
}

/** The sentence read as `text` (parsed again), keeping what the page printed; `named`: the characters written in. */
function rewritten(sentence: Parsed, text: string, named?: Sentence["named"]): Parsed & Pick<Sentence, "printed" | "named"> {
  // ("In textwrap.dedent(), …": the tagger ends a sentence at "textwrap.", and the pieces are put back together.)
  const pieces = joinBrokenSentences(parse(text));
  const [parsed] = pieces;
  return parsed && pieces.length === 1 ? { ...parsed, printed: sentence.text, ...(named && { named }) } : sentence;
}

/**
 * The module a library page documents, from its title over its source's path ("bisect — Array bisection
 * algorithm" over "Source code: Lib/bisect.py"), as Python's library reference opens each module.
 */
const MODULE_PAGE = /^([A-Za-z_][\w.]{0,60}) — \S.{0,200}\n(?:.{0,200}\n)?Source code: Lib\/[\w/.]{1,100}\.py$/mu;

function moduleOf(pageText: string): string | undefined {
  return MODULE_PAGE.exec(pageText.slice(0, 2000))?.[1];
}

/**
 * "This module provides support for maintaining a list in sorted order …": the module's overview, often the best
 * sentence of its page, read with the module's name ("The bisect module provides …"), which the title gives.
 */
function namedAfterModule(sentence: Parsed, module: string | undefined): Parsed & Pick<Sentence, "printed" | "named"> {
  if (module === undefined || !/^This module\s/.test(sentence.text)) return sentence;
  const name = `The ${module} module`;
  return rewritten(sentence, `${name}${sentence.text.slice("This module".length)}`, { start: 0, stop: name.length });
}

/** Words of a sentence that announces what its colon introduces, or points at it, rather than saying something itself. */
const ANNOUNCES = /\b(?:follow(?:s|ing)?|below|above|here|these|those|this|examples?|e\.g|i\.e|steps|rules|ways|forms|cases|kinds|parts|process|some|several|two|three|four|five|syntax|summari\w*|equivalent|demonstrat\w*|shows?|illustrat\w*)\b/i;

/**
 * "The if statement is used for conditional execution:", "An attribute reference is a primary followed by a
 * period and a name:": a claim complete in itself before a colon that introduces its grammar or an example (the
 * Language Reference opens most sections so; round 27's "attribute references" gave no test without it). Read as
 * ending with a full stop. Not a sentence announcing what follows ("… as follows:", "… in two steps:", "The syntax
 * is:", "… defined with:"), nor one pointing at it ("There is nothing special about the statement:"), nor a condition ("If the pattern is fixed-length:").
 */
function claimBeforeColon(sentence: Parsed): Parsed {
  const { text, tokens } = sentence;
  const colon = tokens.at(-1);
  const last = tokens.at(-2);
  if (!text.endsWith(":") || colon?.text !== ":" || tokens.length < 7) return sentence;
  // "If the sequence pattern is fixed-length:" is a condition whose consequence follows the colon.
  if (!last || !["NOUN", "PROPN", "ADJ"].includes(last.pos) || ANNOUNCES.test(text) || /^(?:There|If|When|Whenever|Unless|Once|While|Where|Although|Because|Since|Before|After|Until|Otherwise|Or|And)\b/.test(text)) return sentence;
  return { ...sentence, text: `${text.slice(0, -1)}.`, tokens: [...tokens.slice(0, -1), { ...colon, text: ".", lemma: "." }] };
}

function withoutConnective(sentence: Parsed): Parsed {
  const match = CONNECTIVE.exec(sentence.text);
  return match ? withoutOpening(sentence, match[0].length) : withoutLabel(sentence);
}

/** Words before a label's colon: "Energy note 3:", "Mitochondria:". */
const MAX_LABEL_TOKENS = 6;

/**
 * "Energy note 3: the mitochondrion is the organelle that …": a label before a colon, with no verb of its own, and a
 * sentence after it, which reads alone without the label (round 33 refused such sentences whole as labels).
 */
function withoutLabel(sentence: Parsed): Parsed {
  const { tokens, text } = sentence;
  const colon = tokens.findIndex((t, i) => i <= MAX_LABEL_TOKENS && t.text === ":");
  if (colon < 1 || tokens.slice(0, colon).some((t) => t.pos === "VERB" || t.pos === "AUX")) return sentence;
  const next = tokens[colon + 1];
  return next && /^\s+$/.test(text.slice(tokens[colon]?.end ?? 0, next.start)) ? withoutOpening(sentence, next.start) : sentence;
}

/** The sentence from character `cut` on, its first letter raised as a sentence's would be. */
function withoutOpening(sentence: Parsed, cut: number): Parsed {
  const tokens = sentence.tokens.filter((t) => t.start >= cut).map((t) => ({ ...t, start: t.start - cut, end: t.end - cut }));
  const dropped = sentence.tokens.length - tokens.length;
  const text = sentence.text.slice(cut);
  const first = tokens[0];
  // "However, the …": the rest starts in lower case; its first letter is raised as a sentence's would be.
  const raised = first && /^\p{Ll}/u.test(text) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
  if (first && raised !== text) tokens[0] = { ...first, text: raised.slice(0, first.end) };
  const entities = sentence.entities.filter((e) => e.first >= dropped).map((e) => ({ ...e, first: e.first - dropped, last: e.last - dropped }));
  return { text: raised, tokens, entities };
}
