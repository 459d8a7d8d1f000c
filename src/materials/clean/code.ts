/**
 * Code listings and option tables. Questions are written about prose; a line of code ("> x <- c(1, 2)",
 * "int main() {") or a row of an option table ("--vanilla  Combine --no-save, …") makes nonsense in a
 * question stem. A line is code when it looks like code and not like English: English is full of
 * function words ("the", "of", "is"), code of symbols and operators. Prose that mentions code inline
 * ("The function attr(object, name) selects an attribute.") stays.
 */
import { BREAK, dropLines, type CleanStats, type PageLines } from "./lines.ts";
import { isEntrySignature } from "./signatures.ts";

/** The commonest English function words: a fifth or more of running prose, hardly any of code. */
const FUNCTION_WORDS = new Set(
  ("the of and to a in is that for it as with was be by on not this are or from at which an have has can " +
    "will its if but their they we you these there been may when would should than then also such into " +
    "one all so what how more other only does do use used each some any most must our your his her were")
    .split(" "),
);
/** The longest of FUNCTION_WORDS: longer runs of letters are not looked up. */
const LONGEST_FUNCTION_WORD = 6;
const LETTER = /\p{L}/u;
/** Symbols of code, not of prose: parentheses, slashes and colons are both, so they do not count. */
const SYMBOLS = /[{}[\];=<>+*&|!%^~$@#\\]/g;
/** Addresses are full of symbols but belong to prose (references, links). */
const URL = /\b(?:https?:\/\/|www\.|doi:\s?)\S+/g;
/** A shell, R or Python prompt, R's continuation prompt, or a comment ("## Set up x axis"), starting the line. */
const PROMPT = /^(?:>|\$|R>|>>>|\+|%|#+)\s/;
const CODE_TOKENS = /<-|->|::|==|!=|&&|\|\||\+\+|\+=|;\s*$|;\s|\w\s=\s[^=]|^[{}]|[{}]$|\w\([^\s()]*\)|^#include|\/\/|^(?:int|void|def|const|return|class|struct|template|import|using|namespace)\b/g;
/** A row of an option table: an option (maybe with its short form) and its description, or an option alone. */
const OPTION = /^--?[A-Za-z][\w-]*(?:=\S+)?(?:(?:,?\s+--?[A-Za-z][\w-]*(?:=\S+)?)?\s+[^-\s]|$)/;
/** Rows of a table follow each other closely: at most this many description lines between two. */
const MAX_ROW_GAP = 3;
/**
 * One option: "-msse2", "--mfpmath=sse". Tested word by word (isFlags): one pattern repeating options
 * with optional spaces between them backtracks exponentially on a line like "-a-a-a…!".
 */
const FLAG = /^--?[A-Za-z][\w-]*(?:=\S*)?$/;

export function dropCode(pages: readonly PageLines[], stats?: CleanStats): PageLines[] {
  return pages.map(({ page, lines }) => {
    const code = lines.map((line) => line !== BREAK && isCode(line));
    // Short lines inside a listing ("else", "end") belong to it.
    for (let i = 1; i < lines.length - 1; i++) {
      if (!code[i] && code[i - 1] && code[i + 1] && isFragment(lines[i] as string)) code[i] = true;
    }
    markOptionTables(lines, code);
    return { page, lines: dropLines(lines, (_line, i) => code[i] === true, "code listings and option tables", stats) };
  });
}

const STRING_LITERAL = /"[^"]*"/g;
/** A comment after code: "x <- 1  # one", "int n; // count". Its words are English and would pass for prose. */
const TRAILING_COMMENT = /\s(?:\/\/|#)\s/;

export function isCode(text: string): boolean {
  if (isEntrySignature(text)) return false;
  // String literals in code are English ("The number is: "); books quote prose with curly quotes.
  let line = text;
  if (line.includes("://") || line.includes("www.") || line.includes("doi:")) line = line.replace(URL, "url");
  if (line.includes('"')) line = line.replace(STRING_LITERAL, '"s"');
  if (line.startsWith("//") || isFlags(line)) return true;
  const comment = TRAILING_COMMENT.exec(line);
  return comment ? looksLikeCode(line.slice(0, comment.index)) || looksLikeCode(line) : looksLikeCode(line);
}

/** Nothing but options, two or more: "-msse2 -mfpmath=sse", a command line's flags. */
function isFlags(line: string): boolean {
  if (!line.startsWith("-")) return false;
  const flags = line.trimEnd().split(/\s+/);
  return flags.length >= 2 && flags.every((flag) => FLAG.test(flag));
}

/** A numbered heading ("5.8 Forming partitioned matrices, cbind() and rbind()") is a title, whatever it names. */
const HEADING = /^\d+(?:\.\d+)*\.?\s+\p{Lu}/u;

function looksLikeCode(line: string): boolean {
  if (HEADING.test(line)) return false;
  const { words, functionWords } = countWords(line);
  const prose = functionWords / words;
  // A prompt starts a line of a session; its words are a comment ("> ## upper 1% point for an F(2, 7)").
  if (PROMPT.test(line)) return prose < 0.3 || words <= 6;
  if (words >= 8 && prose >= 0.2) return false; // most lines of a book: decided before the costlier counts
  const symbols = line.match(SYMBOLS)?.length ?? 0;
  // "}", "[1] 2 3", a row of a table of numbers, a footnote's mark: no words, nothing to ask about.
  if (!LETTER.test(line)) return true;
  // Code lines hardly ever end in a full stop; prose that names functions does ("… the scan() function.").
  if (words >= 5 && /[\p{L}\d][.?!]["”’)\]]*$/u.test(line)) return false;
  const tokens = line.match(CODE_TOKENS)?.length ?? 0;
  const density = symbols / line.replace(/\s/g, "").length;
  return (density >= 0.1 && prose < 0.15) || (tokens >= 2 && prose < (words <= 6 ? 0.35 : 0.2)) || (tokens >= 1 && density >= 0.08 && words <= 6 && prose === 0);
}

/**
 * Words (separated by spaces) and English function words (runs of ASCII letters) in a line, in one pass
 * without splitting it: this runs on every line of a book.
 */
function countWords(line: string): { words: number; functionWords: number } {
  let words = 1;
  let functionWords = 0;
  let start = -1;
  for (let i = 0; i <= line.length; i++) {
    const code = i < line.length ? line.charCodeAt(i) : 32;
    if (code === 32) words++;
    const lower = code | 0x20;
    if (lower >= 97 && lower <= 122 && code < 128) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start <= LONGEST_FUNCTION_WORD && FUNCTION_WORDS.has(line.slice(start, i).toLowerCase())) functionWords++;
      start = -1;
    }
  }
  return { words: words - 1, functionWords };
}

const isFragment = (line: string) => line.split(" ").length <= 3 && !/[.!?:]$/.test(line);

/**
 * Lines that go on describing a table's last option: as many as a row has, each short and starting in
 * lower case ("specify location of tkConfig.sh"). A paragraph after the table is longer: "or use the
 * configure variables TCLTK_LIBS and …" goes on the sentence that introduced the table, and stays.
 */
const MAX_DESCRIPTION_LINES = 3;
const MAX_DESCRIPTION_CHARS = 100;
const isDescriptionLine = (line: string) => line.length <= MAX_DESCRIPTION_CHARS && /^\p{Ll}/u.test(line);

/** Runs of two or more option lines, with the description lines between them, are an option table. */
function markOptionTables(lines: readonly string[], code: boolean[]): void {
  let start = -1;
  let count = 0;
  let last = -1;
  let gap = 0;
  const close = () => {
    if (count >= 2) {
      let end = last;
      while (end < last + MAX_DESCRIPTION_LINES && isDescriptionLine(lines[end + 1] ?? "")) end++;
      for (let i = start; i <= end; i++) code[i] = true;
    }
    start = -1;
    count = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (OPTION.test(line)) {
      if (start < 0) start = i;
      count++;
      last = i;
      gap = 0;
    } else if (start >= 0 && line !== BREAK && ++gap > MAX_ROW_GAP) close();
  }
  close();
}
