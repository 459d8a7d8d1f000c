/**
 * Small closed classes of things a technical text names, whose members are each other's natural wrong options:
 * the characters of text and command lines, the data types of C-like languages. (Not units of data: "packed into
 * gigabytes" beside "bytes" was absurd to round 46's raters, a unit being a size, not a kind.)
 * A document rarely names more than one or two of a class ("prefix them with a backslash", "a newline is appended"),
 * so its own terms offered "input", "syntax" and "upper case" beside "backslash" (round 45, the sed FAQ: raters
 * rejected them as of another kind). Members are chosen so that no two name the same thing ("slash", no "solidus"), nor one is a word of another.
 */
import type { PageText } from "../types.ts";
import { shuffle, type Random } from "./random.ts";

const CLASSES: readonly (readonly string[])[] = [
  [
    "newline", "tab", "space", "semicolon", "colon", "comma", "period", "backslash", "slash", "hyphen", "underscore", "asterisk",
    "ampersand", "apostrophe", "quotation mark", "dollar sign", "carriage return", "null character", "vertical bar", "caret",
    "tilde", "question mark", "exclamation mark", "plus sign", "equals sign", "percent sign", "at sign",
  ],
  ["pointer", "integer", "string", "array", "structure", "boolean", "floating-point number", "union"],
];

/**
 * Classes only offered as a cloze's wrong options, never swapped into a false statement (their words, "text", "list",
 * stand in many sentences in other senses): a dynamic language's types, data formats, what is done to data. Round 54's
 * raters wanted "int, complex, tuple" beside "float" where the document's own terms gave "axis" and "branch cut", and
 * "text" beside "binary". (No two of a class are one thing: "escaping" and "unescaping" are left out.)
 */
const OPTION_CLASSES: readonly (readonly string[])[] = [
  ["float", "integer", "string", "tuple", "list", "dictionary", "boolean", "complex number", "bytes object", "set", "array"],
  ["binary", "text", "XML", "JSON", "YAML", "CSV"],
  ["encoding", "decoding", "parsing", "serialization", "compression", "decompression", "validation"],
];

/**
 * Opposites, each the other's only alternative: "… is called after the event" is clearly false where the material
 * says "before", and asks what happens, not how it was worded. (Never an option of a multiple choice: one alternative
 * makes no four.) Words with senses that have no opposite ("end", "later versions", "read" in the past) are left out, and so
 * are "minimum" and "maximum": "abbreviated down to the maximum number of letters" reads as nonsense, not as false.
 */
const OPPOSITES: readonly (readonly [string, string])[] = [
  ["before", "after"], ["first", "last"], ["enabled", "disabled"], ["larger", "smaller"],
  ["higher", "lower"], ["increase", "decrease"], ["ascending", "descending"], ["uppercase", "lowercase"],
  ["synchronous", "asynchronous"], ["synchronously", "asynchronously"], ["encode", "decode"], ["encoded", "decoded"],
  ["compress", "decompress"], ["compressed", "decompressed"],
];

/** Each member's classes (a word may be of two: "integer" of C's types and of a dynamic language's). */
const byMember = new Map<string, (readonly string[])[]>();
for (const members of [...CLASSES, ...OPPOSITES, ...OPTION_CLASSES]) for (const member of members) byMember.set(member, [...(byMember.get(member) ?? []), members]);

function plural(word: string): string {
  if (/(?:s|sh|ch|x)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

const singular = (text: string) => [...byMember.keys()].find((member) => member === text || plural(member) === text);

/**
 * Up to `n` wrong options of the answer's closed class, in its number, none written in the stem: first those the
 * document uses (`used`), then the rest in the request's random order. None when the answer is of no class.
 */
export function closedClassOptions(answerText: string, isPlural: boolean, stemText: string, n: number, used: (member: string) => boolean, random: Random): string[] {
  const member = singular(answerText);
  // Of a word's classes, the one whose members the document uses most; alike, a dynamic language's types rather than C's
  // (round 58: "structure", "union" beside "string" in Node.js's punycode).
  const members = member && (byMember.get(member) ?? []).reduce<readonly string[] | undefined>((best, c) => (best === undefined || c.filter(used).length >= best.filter(used).length ? c : best), undefined);
  if (!member || !members) return [];
  const stem = stemText.toLowerCase();
  const others = members.filter((other) => other !== member && !new RegExp(`\\b${other.toLowerCase()}`).test(stem));
  const shuffled = shuffle(others, random);
  return [...shuffled.filter(used), ...shuffled.filter((other) => !used(other))].slice(0, n).map((other) => (isPlural ? plural(other) : other));
}

/**
 * A character's name where the sentence names that character: after an article or a preposition ("separated by a
 * colon", "prefix them with a backslash"), not as a modifier's head ("an empty string", "URL strings" read as
 * nonsense once swapped). A data type only as ANY_TYPE finds it: "an integer to the structure" is no sense.
 */
const ANY_CHARACTER = new RegExp(
  `(?<=\\b(?:a|an|the|one|single|by|with|as|of)\\s+)(?:${CLASSES[0]!.flatMap((m) => [plural(m), m]).sort((a, b) => b.length - a.length).join("|")})(?![\\p{L}-])`,
  "giu",
);
/**
 * A value's type where the sentence says what a thing is or returns ("returns a string", "is an integer representing
 * …"), never a pointer to or an array of something, nor a modifier ("a string label": "an integer to the structure",
 * "a boolean label" are no sense); made false by one of TYPES.
 */
const ANY_TYPE = /(?<=\b(?:returns?|is|are|be|as)\s+(?:a|an)\s+)(?:string|integer|boolean|array|pointer)(?![\p{L}-])(?=[.,;:]|\s+(?:\p{Ll}+ing|in|for|on|when|if|from|by|and)\b)/gu;
const TYPES = ["string", "integer", "boolean", "array"];
/** An opposite, in any of its forms ("increases" of "increase"). */
const ANY_OPPOSITE = new RegExp(`(?<![\\p{L}-])(?:${OPPOSITES.flat().flatMap((m) => [plural(m), m]).sort((a, b) => b.length - a.length).join("|")})(?![\\p{L}-])`, "gu");
/** Any member's name anywhere: a sentence naming two is not made false by swapping one. */
const ANY_MEMBER = new RegExp(
  `(?<![\\p{L}-])(?:${[...CLASSES, ...OPPOSITES].flat().flatMap((m) => [plural(m), m]).sort((a, b) => b.length - a.length).join("|")})(?![\\p{L}-])`,
  "gu",
);

/**
 * "… for fields separated by commas, and so on", "… does not end in a newline": a member given as one example, or
 * denied, or offered as a choice, stays as true of another.
 */
const HEDGED = /\b(?:and so on|etc|e\.g|i\.e|for (?:example|instance)|such as|like|or|not|no|never|without|any)\b|n't\b/i;
/** Idioms whose opposite word says the same, or nothing ("applied one after the other": "one before the other", round 47). */
const IDIOM = /\bone (?:after|before) (?:the )?(?:other|another)\b|\b(?:after all|first of all|at first|at last|last but not least|first and foremost)\b/i;

/**
 * A false statement from a true one: its one member of a closed class or of a pair of opposites, after `from` (the
 * predicate), swapped for another ("If the hold space is empty, a tab is appended anyway", "… is called after …"). Clearly false from the material, and what it
 * asks is the fact, not the wording. None when the sentence names no member there, or names members twice.
 */
export function swapMember(text: string, from: number, random: Random, used: (member: string) => boolean): { statement: string; said: string; other: string } | undefined {
  if (HEDGED.test(text) || IDIOM.test(text)) return undefined;
  const [match, ...more] = [...text.matchAll(ANY_CHARACTER), ...text.matchAll(ANY_OPPOSITE), ...text.matchAll(ANY_TYPE)];
  if (!match || more.length > 0 || [...text.matchAll(ANY_MEMBER)].length !== 1 || match.index < from) return undefined;
  const said = match[0];
  const [other] = TYPES.includes(said) || said === "pointer" ? shuffle(TYPES.filter((type) => !text.includes(type)), random) : closedClassOptions(said, said !== singular(said), text, 1, used, random);
  if (!other) return undefined;
  const before = text.slice(0, match.index).replace(/\b([Aa])n?(\s+)$/, (_, a: string, space: string) => `${a}${/^(?:[aeio]|u(?!ni))/.test(other) ? "n" : ""}${space}`);
  return { statement: `${before}${other}${text.slice(match.index + said.length)}`, said, other };
}

/** A C library's constants: capitals and digits in parts joined by underscores ("XML_STATUS_OK", "PNG_FILLER_AFTER"). */
const CONSTANT = /(?<![\w.])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w(])/g;
const familyOf = (name: string) => name.slice(0, name.lastIndexOf("_"));

const familiesOf = new WeakMap<readonly PageText[], ReadonlyMap<string, readonly string[]>>();

/**
 * The document's constants by family, all but their last part ("XML_STATUS": XML_STATUS_OK and XML_STATUS_ERROR):
 * a closed class each, which the document itself lists. Families of one are left out.
 */
export function constantFamilies(pages: readonly PageText[]): ReadonlyMap<string, readonly string[]> {
  // One request reads its document several times (its repair rounds): the pages are the same array each time.
  const known = familiesOf.get(pages);
  if (known) return known;
  const families = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const [name] of page.text.matchAll(CONSTANT)) {
      const family = families.get(familyOf(name)) ?? new Set<string>();
      families.set(familyOf(name), family.add(name));
    }
  }
  const found = new Map([...families].filter(([, names]) => names.size > 1).map(([family, names]) => [family, [...names].sort()]));
  familiesOf.set(pages, found);
  return found;
}

/**
 * A false statement from a true one naming one constant: another of its family ("XML_STATUS_ERROR should be returned
 * for successful handling …"). Where it stands does not matter: a constant is a value, and of two values one is meant.
 */
export function swapConstant(text: string, families: ReadonlyMap<string, readonly string[]>, random: Random): { statement: string; said: string; other: string } | undefined {
  if (HEDGED.test(text)) return undefined;
  const [match, ...more] = [...text.matchAll(CONSTANT)];
  if (!match || more.length > 0) return undefined;
  const said = match[0];
  const [other] = shuffle((families.get(familyOf(said)) ?? []).filter((name) => name !== said), random);
  return other === undefined ? undefined : { statement: `${text.slice(0, match.index)}${other}${text.slice(match.index + said.length)}`, said, other };
}

