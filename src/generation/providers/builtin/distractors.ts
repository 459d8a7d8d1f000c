import type { Difficulty } from "../types.ts";
import { closeness, numericCloseness, type TermShape } from "./closeness.ts";
import { articleShare, isCodeToken, isNameLike, isTermLike, type Inventory, type Term, type TermKind } from "./inventory.ts";
import type { KeyTerm } from "./key-terms.ts";
import type { NameClass, PhraseTagger } from "./pos.ts";
import type { Random } from "./random.ts";
import { capitalizeFirst, compact, GENERIC_NOUNS, isPlural, stem, wordsOf } from "./text.ts";

export interface DistractorContext {
  inventory: Inventory;
  tagger: PhraseTagger;
  difficulty: Difficulty;
  random: Random;
}

/** Enough candidates to choose well; more only costs time in a large book. */
const POOL_SIZE = 1500;
const poolCache = new WeakMap<Inventory, Map<TermKind, Term[]>>();

/** The document's terms of one kind that could stand in for an answer, most used first. */
function poolOf(inventory: Inventory, kind: TermKind): Term[] {
  let pools = poolCache.get(inventory);
  if (!pools) poolCache.set(inventory, (pools = new Map()));
  let pool = pools.get(kind);
  if (!pool) {
    const usable = (term: Term) => {
      // "the ind" never occurs: a variable name from the examples, not a noun of the subject.
      if (kind === "noun") {
        return (
          term.count >= 2 &&
          /^\p{Ll}+$/u.test(term.text) &&
          !GENERIC_NOUNS.has(term.text) &&
          articleShare(inventory, term.text) > 0
        );
      }
      // Its head must be a noun the prose uses ("the frame"): "tas vic" is a row of a printed table.
      if (kind === "term") return term.count >= 2 && isTermLike(inventory, term.text) && articleShare(inventory, term.text.split(" ").at(-1) ?? "") > 0;
      if (kind === "proper") {
        return NAME_SHAPE.test(term.text) && (term.text.includes(" ") || isNameLike(inventory, term.text));
      }
      return true;
    };
    pool = [...inventory.terms[kind].values()]
      .filter(usable)
      .sort((a, b) => b.count - a.count)
      .slice(0, POOL_SIZE);
    pools.set(kind, pool);
  }
  return pool;
}

function stemsOf(text: string): string[] {
  return wordsOf(text).map(stem);
}

/** "line" and "ledger line", "frame" and "data frames": one contains the other, not an alternative. */
function overlaps(a: string, b: string): boolean {
  const sa = stemsOf(a);
  const sb = stemsOf(b);
  const contains = (outer: string[], inner: string[]) => inner.every((s) => outer.includes(s));
  return contains(sa, sb) || contains(sb, sa);
}

/** Capitalised words of two letters or more, no digits: not "BA5070", "S SS" or glyph debris. */
const NAME_SHAPE = /^\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)*$/u;
const isAcronym = (text: string) => !/\p{Ll}/u.test(text);

function sameNameClass(answer: NameClass | undefined, candidate: NameClass): boolean {
  // People get people and places get places; anything else must at least not be a person or a place.
  if (answer === "person" || answer === "place") return candidate === answer;
  return candidate !== "person" && candidate !== "place";
}

function codeShape(text: string): string {
  return text.startsWith("\\") ? "command" : text.endsWith("()") ? "call" : "name";
}

/**
 * Where in the closeness ranking each difficulty looks, as fractions of the ranked list: Hard takes
 * the closest terms, Medium the next band, Easy clearly different ones.
 */
const BANDS: Record<Difficulty, [number, number]> = { Hard: [0, 0.15], Medium: [0.15, 0.45], Easy: [0.5, 1] };

function chooseFromBands<T>(
  ranked: T[],
  n: number,
  ctx: DistractorContext,
  accept: (item: T) => boolean,
  familiarity?: (item: T) => number,
): T[] {
  const [from, to] = BANDS[ctx.difficulty];
  const start = Math.floor(ranked.length * from);
  const end = Math.max(start + n * 3, Math.ceil(ranked.length * to));
  const band = ranked.slice(start, end);
  // Easy distractors are clearly wrong but still terms a student has met: the more common first.
  const ordered = ctx.difficulty === "Easy" && familiarity ? [...band].sort((a, b) => familiarity(b) - familiarity(a)) : band;
  const chosen: T[] = [];
  const skipped: T[] = [];
  for (const item of ordered) {
    if (chosen.length >= n) break;
    // A seeded coin keeps different seeds from always picking the same band members.
    if (ctx.random() < 0.3) skipped.push(item);
    else if (accept(item)) chosen.push(item);
  }
  // The band ran short: take what was skipped, then the rest of the list nearest the band first.
  const rest = [...skipped, ...ranked.slice(end), ...ranked.slice(0, start).reverse()];
  for (const item of rest) {
    if (chosen.length >= n) break;
    if (!chosen.includes(item) && accept(item)) chosen.push(item);
  }
  return chosen;
}

function numberDistractors(key: KeyTerm, n: number, ctx: DistractorContext): string[] {
  const isYear = key.kind === "year";
  const percent = key.text.endsWith("%");
  const value = Number(key.text.replace(/[%,]/g, ""));
  const decimals = key.text.replace(/%$/, "").split(".")[1]?.length ?? 0;
  const format = (x: number) => `${x.toFixed(decimals)}${percent ? "%" : ""}`;
  const candidates = new Set<string>();
  for (const term of ctx.inventory.terms[key.kind].values()) candidates.add(term.text);
  // Made-up neighbours, for documents that mention few numbers of the kind.
  const steps = isYear ? [1, 2, 3, 5, 8, 10, 15, 20, 30, 50, 75, 100] : [1, 2, 5, 10, 20, 50, 100];
  for (const step of steps) {
    candidates.add(format(value + (isYear ? step : step * Math.max(1, Math.abs(value) / 20))));
    candidates.add(format(value - (isYear ? step : step * Math.max(1, Math.abs(value) / 20))));
  }
  if (!isYear) for (const factor of [0.5, 2, 10]) candidates.add(format(value * factor));
  const ranked = [...candidates]
    .filter((text) => {
      const x = Number(text.replace(/[%,]/g, ""));
      // Same order of magnitude: "38" is no distractor for "1500", however easy the question.
      const magnitude = isYear ? x >= 1000 && x <= 2099 : value === 0 || (x / value >= 0.1 && x / value <= 10);
      // "02221" is a postcode or a catalogue number, not a quantity.
      return Number.isFinite(x) && x !== value && magnitude && !/^0\d/.test(text);
    })
    .map((text) => ({ text, score: numericCloseness(value, Number(text.replace(/[%,]/g, "")), isYear) }))
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  return chooseFromBands(ranked, n, ctx, () => true).map((item) => item.text);
}

/**
 * Up to `n` wrong answers of the same kind as the key term, drawn from the document: none equal
 * to, part of or containing the answer, none already in the sentence, singular for a singular.
 */
export function distractorsFor(key: KeyTerm, sentence: string, page: number, n: number, ctx: DistractorContext): string[] {
  if (key.kind === "year" || key.kind === "number") return numberDistractors(key, n, ctx);
  const { inventory, tagger } = ctx;
  const answerLower = key.kind === "noun" || key.kind === "term" ? key.text.toLowerCase() : key.text;
  const known = inventory.terms[key.kind].get(key.text.toLowerCase());
  const answer: TermShape = known ?? { text: answerLower, count: key.count, firstPage: page, lastPage: page };
  const sentenceCompact = compact(sentence);
  const words = answerLower.split(" ").length;
  const plural = isPlural(answerLower.split(" ").at(-1) ?? "");

  const candidates = poolOf(inventory, key.kind).filter((term) => {
    if (term === known || overlaps(term.text, answerLower) || sentenceCompact.includes(compact(term.text))) return false;
    if (key.kind === "term" && Math.abs(term.text.split(" ").length - words) > 1) return false;
    if (key.kind === "noun" || key.kind === "term") return isPlural(term.text.split(" ").at(-1) ?? "") === plural;
    if (key.kind === "code") return codeShape(term.text) === codeShape(key.text) && isCodeToken(term.text);
    // A full name gets full names, a surname surnames.
    if (key.kind === "proper") return term.text.includes(" ") === key.text.includes(" ");
    return true;
  });
  const ranked = candidates
    .map((term) => ({ term, score: closeness(answer, term, page) }))
    .sort((a, b) => b.score - a.score || a.term.text.localeCompare(b.term.text));

  const chosenStems: string[][] = [];
  const accept = ({ term }: { term: Term }) => {
    if (chosenStems.some((stems) => overlaps(stems.join(" "), term.text))) return false;
    if ((key.kind === "noun" || key.kind === "term") && !tagger.isNounPhrase(term.text)) return false;
    if (key.kind === "proper") {
      // An acronym gets acronyms, a name names, a person people.
      if (isAcronym(term.text) !== isAcronym(key.text) || !tagger.isName(term.text)) return false;
      if (!sameNameClass(key.name, tagger.nameClass(term.text))) return false;
    }
    chosenStems.push(stemsOf(term.text));
    return true;
  };
  const capitalize = /^\p{Lu}/u.test(key.text) && (key.kind === "noun" || key.kind === "term");
  return chooseFromBands(ranked, n, ctx, accept, ({ term }) => term.pageCount).map(({ term }) => (capitalize ? capitalizeFirst(term.text) : term.text));
}
