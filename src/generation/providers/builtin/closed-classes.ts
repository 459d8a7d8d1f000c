/**
 * Small closed classes of things a technical text names, whose members are each other's natural wrong options:
 * the characters of text and command lines, the data types of C-like languages, units of data.
 * A document rarely names more than one or two of a class ("prefix them with a backslash", "a newline is appended"),
 * so its own terms offered "input", "syntax" and "upper case" beside "backslash" (round 45, the sed FAQ: raters
 * rejected them as of another kind). Members are chosen so that no two name the same thing ("slash", no "solidus"), nor one is a word of another.
 */
import { shuffle, type Random } from "./random.ts";

const CLASSES: readonly (readonly string[])[] = [
  [
    "newline", "tab", "space", "semicolon", "colon", "comma", "period", "backslash", "slash", "hyphen", "underscore", "asterisk",
    "ampersand", "apostrophe", "quotation mark", "dollar sign", "carriage return", "null character", "vertical bar", "caret",
    "tilde", "question mark", "exclamation mark", "plus sign", "equals sign", "percent sign", "at sign",
  ],
  ["pointer", "integer", "string", "array", "structure", "boolean", "floating-point number", "union"],
  ["bit", "byte", "kilobyte", "megabyte", "gigabyte"],
];

const byMember = new Map(CLASSES.flatMap((members) => members.map((member) => [member, members] as const)));

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
  const members = member && byMember.get(member);
  if (!members) return [];
  const stem = stemText.toLowerCase();
  const others = members.filter((other) => other !== member && !new RegExp(`\\b${other}`).test(stem));
  const shuffled = shuffle(others, random);
  return [...shuffled.filter(used), ...shuffled.filter((other) => !used(other))].slice(0, n).map((other) => (isPlural ? plural(other) : other));
}
