/**
 * Library references ("Built-in Exceptions", "Built-in Functions") print each entry as a line naming it
 * ("exception SyntaxError(message, details)", "class bool(x=False)", "abs(x)") over a description whose
 * first sentence leaves the name out ("Raised when the parser encounters a syntax error.", "Return the
 * absolute value of a number."). Read alone that sentence says nothing of what it describes, and the
 * entry's line, taken for prose, ran into the sentence before it (round 28: "Base class for warnings
 * related to bytes and _____. exception ResourceWarning Base class for …"). Given the entry's name it is
 * what a teacher asks about: "SyntaxError is raised when the parser encounters a syntax error."
 */

import { isEnglishWord } from "./english.ts";
import { escapeRegExp } from "./text.ts";

export interface ApiEntry {
  /**
   * Bare, as a sentence can name it: "SyntaxError", "JSONEncoder" (of json.JSONEncoder), "realpath" (of
   * os.path.realpath). Not "JSONEncoder()": a call reads as code, and such a sentence is never asked.
   */
  name: string;
}

const KINDS = "exception|class|function|method|classmethod|staticmethod|awaitable|coroutine|abstractmethod";
/** "exception SyntaxError(message, details)", "class bool(x=False)", "exception Exception". */
const ENTRY = new RegExp(`^(?:${KINDS})\\s+([A-Za-z_][\\w.]*)\\s*(?:\\(.*\\))?$`);
/** "abs(x)", "divmod(a, b)": a signature alone, an entry only over a description that says what it does. */
const SIGNATURE = /^([a-z_][\w.]*)\([^()]*\)$/;
/** The imperative a function's description opens with ("Return the absolute value …"). */
export const DOES = /^(Return|Calculate|Compress|Decompress|Generate|Schedule|Cancel|Allocate|Flush|Close|Seek|Provide|Register|Send|Receive|Convert|Create|Construct|Compute|Get|Set|Open|Raise|Remove|Delete|Print|Read|Write|Invoke|Call|Apply|Round|Change|Make|Evaluate|Execute|Compile|Format|Add|Append|Insert|Sort|Reverse|Count|Test|Check|Take|Wrap|Transform|Encode|Decode|Split|Join)\b/;

/** The entry a line names, or undefined for any other line; `next` is the line below it. */
export function entryOf(line: string, next: string | undefined): ApiEntry | undefined {
  const text = line.trim();
  const entry = ENTRY.exec(text);
  if (entry) {
    return { name: lastPart(entry[1] ?? "") };
  }
  const signature = SIGNATURE.exec(text);
  return signature && DOES.test(next?.trim() ?? "") ? { name: lastPart(signature[1] ?? "") } : undefined;
}

/**
 * A C library's reference entry: the function's name as a heading run into its prototype ("XML_SetExternalEntity
 * RefHandlerArg void XMLCALL XML_SetExternalEntityRefHandlerArg(XML_Parser p,", Expat's reference). (A name alone on its
 * line is no such heading: a code listing prints one as often.)
 */
const PROTOTYPE_HEADING = /^([A-Za-z_][A-Za-z0-9_]{2,60})\s+(?:[A-Za-z_][A-Za-z0-9_]*\s*\**\s+){0,4}\1\s*\(/;

/**
 * A module's function or class as Python's library reference prints it over its description
 * ("hashlib.pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None)", "class textwrap.TextWrapper(**kwargs)"),
 * and Node.js's ("Static method: Buffer.alloc(size[, fill[, encoding]])", "util.format(format[, ...args])"):
 * a dotted name, then parameters only (a call in a listing passes values: "os.path.join(base, 'x')").
 */
const DOTTED_SIGNATURE = /^(?:(function|method|classmethod|staticmethod|coroutine|class|new|Static method:)\s+)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\(([^()]*)\)$/;
const DOTTED_CLASS = /^(?:class|exception)\s+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(([^()]*)\))?$/;
/** Underscore.js's "object _.object(list, [values])", "uniq _.uniq(array, [isSorted], [iteratee]) Alias: unique". */
const UNDERSCORE_ENTRY = /^(\w+)\s+(_\.\1)\(([^()]*)\)(?:\s+Alias:\s*\w+)?$/;

/** "(hash_name, password, *, dklen=None)", "([key[, default]])", "(*arrays)": names, defaults and markers, no values passed. */
function onlyParameters(list: string): boolean {
  // (A default's text first: "placeholder=' [...]'".)
  const parts = list.replace(/'[^']*'|"[^"]*"/g, "''").split(/\s*,\s*|\[/).filter((part) => !/^\s*[\]*/]*\s*$/.test(part));
  return parts.every((part) => /^\s*(?:\**|\.\.\.)\s*[A-Za-z_]\w*\s*(?:=\s*(?:[\w.-]+|'')\s*)?\]*\s*$/.test(part));
}

/**
 * The name of the function (or class) whose reference entry a line begins, as its description's sentences are read
 * under it: "XML_Parse" (a C prototype's heading), "textwrap.shorten()", "_.object()", "textwrap.TextWrapper".
 */
export function referenceEntryOf(line: string): string | undefined {
  const text = line.trim();
  const prototype = PROTOTYPE_HEADING.exec(text)?.[1];
  if (prototype) return prototype;
  // "exception getopt.GetoptError", "class calendar.Calendar": a module's class, its parameters printed or not.
  const type = DOTTED_CLASS.exec(text);
  if (type && onlyParameters(type[2] ?? "")) return type[1];
  const dotted = DOTTED_SIGNATURE.exec(text);
  if (dotted && onlyParameters(dotted[3] ?? "")) return dotted[1] === "class" ? dotted[2] : `${dotted[2]}()`;
  const underscore = UNDERSCORE_ENTRY.exec(text);
  return underscore && onlyParameters(underscore[3] ?? "") ? `${underscore[2]}()` : undefined;
}

/** The parameters' names of a function's entry line: "math.comb(n, k)" has "n" and "k", "peek([n])" "n". */
export function entryParameters(line: string): string[] {
  const list = /\(([^()]*)\)$/.exec(line.trim())?.[1] ?? "";
  return [...list.matchAll(/(?:^|[,[(])\s*[*]{0,2}([A-Za-z_]\w*)/g)].map((match) => match[1] ?? "");
}

/**
 * "The URI will be null for the case where the default namespace is being unset.", "If arg is not NULL, it is the new
 * value passed to the handler …": what a reference entry's description says of its function, read alone, says it of
 * nothing (round 46's raters: "name the handler"). Read with the entry's name before it: "In XML_SetStartNamespaceDecl
 * Handler, the URI will be null …". A sentence naming the entry itself is left as it is.
 */
export function inEntry(text: string, name: string): string | undefined {
  // "Slow Python implementation of pbkdf2_hmac is deprecated" names hashlib.pbkdf2_hmac() already (its last part alone
  // does, but for an English word: "object" of _.object()).
  const dotted = name.replace(/\(\)$/, "");
  const last = dotted.split(".").at(-1) ?? dotted;
  const named = isEnglishWord(last.toLowerCase()) ? dotted : last;
  if (new RegExp(`(?<!\\w)${escapeRegExp(named)}(?!\\w)`, "u").test(text)) return undefined;
  // "The shlex module is only designed for Unix shells." under shlex.quote(): of the module, not the function.
  // ("In ndbm.close(), the dbm.dumb module provides …": any module named is what the sentence is about, round 57.)
  if (/\b[A-Za-z_][\w.]* module\b/.test(text)) return undefined;
  // "Mapping protocol access is a generic name for …": a definition of its own term needs no entry, and may stand after a
  // heading the page lost (round 52: read under configparser.ExtendedInterpolation).
  if (/^\p{Lu}\p{Ll}+(?: \p{Ll}+){0,3} (?:is|are) (?:a|an|the)\s/u.test(text) && !/^(?:The|A|An|This|It|These)\s/.test(text)) return undefined;
  // "fnmatchcase() can be used to perform a case-sensitive comparison" under fnmatch.fnmatch(): of another function, named
  // ("In fnmatch.fnmatch(), fnmatchcase() can be used …" read as if one worked inside the other, round 54).
  if (/^[A-Za-z_][\w.]*\(\)\s/.test(text)) return undefined;
  const [first = ""] = text.split(/\s/, 1);
  // "The URI …", "A byte order mark …" read on after the comma in lower case; a name ("XML_STATUS_OK …") as printed.
  const lower = /^\p{Lu}\p{Ll}*$/u.test(first) && isEnglishWord(first.toLowerCase()) ? first.toLowerCase() + text.slice(first.length) : text;
  return `In ${name}, ${lower}`;
}

/** "os.path.realpath" as its description's sentence names it: "realpath" (the tagger ends a sentence at "os."). */
function lastPart(dotted: string): string {
  return dotted.split(".").at(-1) ?? dotted;
}

/** "Base class for warnings … bytearray. exception ResourceWarning": an entry's line run onto the sentence before it. */
const RUN_ON_ENTRY = new RegExp(`^(.*[.!?])\\s+((?:${KINDS})\\s+[A-Za-z_][\\w.]*(?:\\(.*\\))?)$`);
/** "Subclass of InterpolationError. exception configparser.InterpolationSyntaxError Exception raised when …": its description too. */
const RUN_ON_ENTRY_TEXT = new RegExp(`^(.*[.!?])\\s+((?:${KINDS})\\s+[A-Za-z_][\\w.]*(?:\\([^()]*\\))?)\\s+(\\p{Lu}\\p{Ll}.*)$`, "u");

/**
 * "… not an Exception subclass. message The message argument …", "… separate attributes. filename" (its
 * description on the next line): an attribute's name run in after a sentence (not after "e.g." or "etc."). On a
 * line of its own it is a term over its description, which a glossary's rule then keeps from being asked alone.
 */
const RUN_ON_ATTRIBUTE = /^(.*(?<!\b(?:e\.g|i\.e|etc|vs|cf))[.!?])\s+([a-z_][a-z0-9_]*)(?:\s+((?:A|An|The)\s.*))?$/;

/** "… in Python 2. bin(x) Convert an integer number to a binary string …": a function's signature run in likewise. */
const RUN_ON_SIGNATURE = new RegExp(`^(.*[.!?])\\s+([a-z_][\\w.]*\\([^()]*\\))\\s+(${DOES.source.slice(1)}.*)$`);
/** "… globally unique. uuid.uuid1(node=None, clock_seq=None)": a module's function run onto the sentence before it. */
const RUN_ON_DOTTED = /^(.*[.!?])\s+([a-z_]\w*(?:\.[A-Za-z_]\w*)+\([^()]*\))$/;
/** "uuid.uuid1(node=None, clock_seq=None) Generate a UUID from a host ID, …": a module's function, its description run onto it. */
const SIGNATURE_THEN_DESCRIPTION = new RegExp(`^([a-z_]\\w*(?:\\.[A-Za-z_]\\w*)+\\([^()]*\\))\\s+(${DOES.source.slice(1)}\\s.*)$`);

/** "… {name: 'curly', age: 60} } countBy _.countBy(list, iteratee, [context])": an Underscore.js entry run onto an example. */
const RUN_ON_UNDERSCORE = /^(.*\S)\s+((\w+)\s+_\.\3\([^()]*\)(?:\s+Alias:\s*\w+)?)$/;

/**
 * "Power and logarithmic functions math.cbrt(x)", "Compressing and decompressing data in memory class lzma.LZMACompressor(…)":
 * a section's heading run onto its first entry's line (Python's library reference printed from the browser).
 */
const HEADING_THEN_ENTRY = /^([\p{Lu}(][^.!?]{2,100}?)\s+((?:class\s+|exception\s+)?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\([^()]*\))$/u;

/** "buffer.transcode(source, fromEnc, toEnc) source <Buffer> | …": Node.js's signature run onto its parameters' list. */
const RUN_ON_PARAMETERS = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\([^()]*\))\s+(\w+ <.*)$/;

/**
 * A line that begins another item of a reference, which ends the entry before it: a property's dotted name alone
 * ("buffer.kMaxLength" over "The largest size allowed …"), an event or a class ("Event: 'close'", "Class: Blob").
 */
export function beginsItem(line: string): boolean {
  return /^(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|(?:Event|Class|Property):\s.{1,80})$/.test(line.trim());
}

/** A line split where an entry's line was run onto it: the prose, then the entry's line (and what follows it). */
export function entryLinesOf(line: string): string[] {
  const text = line.trim();
  const underscore = RUN_ON_UNDERSCORE.exec(text);
  if (underscore) return [underscore[1] ?? "", underscore[2] ?? ""];
  const parameters = RUN_ON_PARAMETERS.exec(text) ?? SIGNATURE_THEN_DESCRIPTION.exec(text);
  if (parameters) return [parameters[1] ?? "", parameters[2] ?? ""];
  // "… guaranteed to be globally unique. uuid.uuid1(node=None, clock_seq=None)": a module's function ends the line.
  const last = RUN_ON_DOTTED.exec(text) ?? HEADING_THEN_ENTRY.exec(text);
  if (last && referenceEntryOf(last[2] ?? "")) return [last[1] ?? "", last[2] ?? ""];
  const run = RUN_ON_ENTRY.exec(text);
  if (run) return [run[1] ?? "", run[2] ?? ""];
  const described = RUN_ON_ENTRY_TEXT.exec(text);
  if (described) return [described[1] ?? "", described[2] ?? "", described[3] ?? ""];
  const signature = RUN_ON_SIGNATURE.exec(text);
  if (signature) return [signature[1] ?? "", signature[2] ?? "", signature[3] ?? ""];
  const attribute = RUN_ON_ATTRIBUTE.exec(text);
  return attribute ? [attribute[1] ?? "", attribute[2] ?? "", ...(attribute[3] ? [attribute[3]] : [])] : [line];
}

/**
 * The first sentence of an entry's description with the entry's name as its subject, or undefined when it
 * has one of its own or opens in no way known here: "Raised when …" (SyntaxError is raised when …), "Must be
 * raised by …", "Base class for …" / "The base class for …" (… is the base class for …). A function's "Return …"
 * is left as it is: "realpath() returns …" reads as code, and "realpath returns …" the tagger cannot read, so a
 * function's description is not asked yet (its entry still keeps its sentences from other topics).
 */
export function namedDescription(text: string, entry: ApiEntry): string | undefined {
  if (/^Raised\b/.test(text)) return `${entry.name} is raised${text.slice("Raised".length)}`;
  // ("This is raised when an unrecognized option is found …", getopt.GetoptError, round 52.)
  if (/^This is raised\b/.test(text)) return `${entry.name} is raised${text.slice("This is raised".length)}`;
  if (/^(?:Must|Can|May|Should) be raised\b/.test(text)) return `${entry.name} ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  const base = /^(?:The |An? )?[Bb]ase class\b/.exec(text);
  if (base) return `${entry.name} is the base class${text.slice(base[0].length)}`;
  return undefined;
}

/** A second imperative joined to the first: "… and return the binary data". */
const AND_DOES = new RegExp(`\\b(and|or) (${DOES.source.slice(2, -3).toLowerCase()})\\b`, "g");

/** Words opening an entry's description that are no verb of it. */
const NO_VERB = /^(?:Like|Unlike|Same|Similar|Equivalent|Identical|Alias|Shorthand|Deprecated|Note|See|New|Changed|Available|Optional|Default|Only|Also|Not|Otherwise|Always|Never|Here|Since|Each|Every|All|Both|Either|Neither|Some|Any|Its|This|That|These|Those|There|When|If|For|In|On|With|By|As)$/;

/**
 * "Return" as its entry's name takes it: "returns"; "Apply" "applies", "Match" "matches"; "Sorts", "Applies" (Underscore.js's,
 * Node.js's) stay. (Not by the tagger's lemma: it reads a capitalised verb opening a sentence as a name.)
 */
function thirdPerson(verb: string): string {
  const word = verb.toLowerCase();
  const already = [/ies$/.test(word) && `${word.slice(0, -3)}y`, /(?:ss|sh|ch|x|z|o)es$/.test(word) && word.slice(0, -2), /[^s]s$/.test(word) && word.slice(0, -1)];
  if (already.some((base) => base && isEnglishWord(base))) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(?:s|sh|ch|x|z|o)$/.test(word) ? `${word}es` : `${word}s`;
}

/**
 * A module's function's description, its first sentence with the function's name as its subject: "Return the absolute
 * value of x." under "math.fabs(x)" is "math.fabs() returns the absolute value of x.", Node.js's "Schedules execution of
 * …" under "timers.setTimeout(…)" "timers.setTimeout() schedules execution of …". Read alone, "Return the …" says
 * nothing of what returns it; round 53's math module gave no question at all, every function's description refused
 * as an imperative. Only a function ("…()"): a class's "Open a bzip2-compressed file" is what constructing it does.
 */
export function functionDescription(text: string, entry: string): string | undefined {
  const word = /^\p{Lu}\p{Ll}+/u.exec(text)?.[0];
  // ("Like digest() except …", "Same as …": another entry's description, no verb of this one's.)
  if (!word || !entry.endsWith("()") || NO_VERB.test(word)) return undefined;
  // ("Returns: <Timeout>" is Node.js's list of what it returns, no sentence.)
  if (!/^\s/.test(text.slice(word.length))) return undefined;
  // Its first sentence only ("Return the base-2 logarithm of x. This is usually more accurate …": the tagger reads "x." as
  // an abbreviation and runs the next sentence on).
  const first = firstSentence(text);
  // ("Convert a single line of uuencoded data back to binary and return the binary data.": its second verb too.)
  const rest = first.slice(word.length).replace(AND_DOES, (_, and: string, verb: string) => `${and} ${thirdPerson(verb)}`);
  return `${entry} ${thirdPerson(word)}${rest}${first === text ? "" : "."}`;
}

/**
 * Reads a reference's entry lines in order (api-entries.ts referenceEntryOf), and a method printed bare under its class
 * ("peek([n])" under "class bz2.BZ2File(…)", as Python's library reference prints them) as "BZ2File.peek()".
 */
export class EntryReader {
  private owner: string | undefined;

  /** The entry a line begins, if any; `next` is the line after it. */
  line(line: string, next: string | undefined): string | undefined {
    const reference = referenceEntryOf(line);
    if (reference !== undefined) {
      this.owner = reference.endsWith("()") || !reference.includes(".") ? undefined : lastPart(reference);
      return reference;
    }
    const method = this.owner !== undefined && SIGNATURE.test(line.trim()) ? entryOf(line, next) : undefined;
    return method && `${this.owner}.${method.name}()`;
  }

  /** A heading: what follows is no longer the class's. */
  heading(): void {
    this.owner = undefined;
  }
}

/** A description's first sentence, without its full stop ("Return the base-2 logarithm of x. This is usually …"). */
function firstSentence(text: string): string {
  return text.split(/(?<=[\p{L}\d)])\.\s+(?=\p{Lu})/u)[0] ?? text;
}

/** A function of a reference: its name ("math.fabs()") and the line under it, its description's start. */
export interface FunctionEntry {
  name: string;
  says: string;
}

/** Of a description's line, what is read to compare it with another's. */
const MAX_SAYS = 300;

/**
 * The functions and methods a document's reference entries name, in order of print ("math.fabs()",
 * "BZ2File.peek()"): what else a student could take for the one a description is of.
 */
export function functionEntries(pages: readonly { text: string }[]): FunctionEntry[] {
  const entries = new Map<string, FunctionEntry>();
  const reader = new EntryReader();
  for (const page of pages) {
    // (Only a line with a bracket or a class's keyword can hold an entry: a long document has tens of thousands of lines.)
    if (!page.text.includes("(")) continue;
    const lines = page.text.split("\n").flatMap((line) => (line.includes("(") || /\b(?:class|exception)\s/.test(line) ? entryLinesOf(line) : [line]));
    for (const [i, line] of lines.entries()) {
      if (!line.includes("(") && !/^(?:class|exception)\s/.test(line.trim())) continue;
      const name = reader.line(line, lines[i + 1]);
      if (name?.endsWith("()") && !entries.has(name)) entries.set(name, { name, says: firstSentence((lines[i + 1] ?? "").slice(0, MAX_SAYS)) });
    }
  }
  return [...entries.values()];
}

/** "math.fabs()" of "math", "decoder.write()" of "decoder": what the entry's function is a part of. */
export function ownerOf(entry: string): string {
  return entry.replace(/\.?[^.]*$/, "");
}

/** An entry's name as words: "JSONEncoder" is "JSON Encoder", "islink" "islink". */
export function entryWords(name: string): string {
  return name
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/[._]/g, " ");
}

/** A call's parameter list, whole: "(pool, addr, size)", "(obj, *, skipkeys=False)", "([key[, default]])". */
const CALL = /\b[A-Za-z_][\w.]{0,100}\(([^()\n]{1,300})\)/g;
const PARAMETER = /^\s*[[*]*\s*([A-Za-z_]\w*)\s*(?:=[^,]*)?\]*\s*$/;

/**
 * The parameters' names of the calls a page prints ("VALGRIND_MEMPOOL_FREE(pool, addr)", "dumps(obj, *,
 * skipkeys=False)"): only of a parenthesis right after a name whose every part is one name, so "(see below)"
 * and "value (default)" give none.
 */
export function parameterNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const call of text.matchAll(CALL)) {
    const parts = (call[1] ?? "").split(/\s*,\s*|\[/).filter((part) => part.trim() !== "" && part.trim() !== "*" && part.trim() !== "/");
    const matched = parts.map((part) => PARAMETER.exec(part)?.[1]);
    if (parts.length === 0 || matched.some((name) => name === undefined)) continue;
    for (const name of matched) if (name && name.length >= 2) names.add(name);
  }
  return names;
}
