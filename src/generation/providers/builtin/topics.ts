import type { PageText } from "../types.ts";
import { articleShare, buildInventory, isNameLike, isTermLike, type Inventory, type Term } from "./inventory.ts";
import { tagsOf } from "./nlp.ts";
import { headingLines, isReferencePage } from "./sentences.ts";
import { capitalizeFirst, escapeRegExp, GENERIC_NOUNS, isPlural, normalizeQuestion, stem, STOPWORDS, termKey, wordsOf } from "./text.ts";

interface TopicCandidate {
  key: string;
  /** Spellings and their occurrences: "vector" and "vectors" are one topic. */
  forms: Map<string, number>;
  count: number;
  pages: number;
  proper: boolean;
}

function merge(terms: Iterable<Term>, proper: boolean, into: Map<string, TopicCandidate>): void {
  for (const term of terms) {
    const key = termKey(term.text);
    const known = into.get(key);
    if (!known) {
      into.set(key, { key, forms: new Map([[term.text, term.count]]), count: term.count, pages: term.pageCount, proper });
      continue;
    }
    known.forms.set(term.text, term.count);
    known.count += term.count;
    // The two spellings share some pages; counting the smaller half is near enough.
    known.pages = Math.max(known.pages, term.pageCount) + Math.min(known.pages, term.pageCount) / 2;
  }
}

/** Topics read best in the plural ("Vectors", "Data frames") when the document uses it enough. */
function displayForm(c: TopicCandidate): string {
  const forms = [...c.forms].sort((a, b) => b[1] - a[1]);
  const [top] = forms;
  if (!top) return c.key;
  if (c.proper) return top[0];
  const plural = forms.find(([text]) => isPlural(text.split(" ").at(-1) ?? ""));
  return capitalizeFirst(plural && plural[1] * 3 >= top[1] ? plural[0] : top[0]);
}

/** How many distinct section titles name each term (stemmed runs of one to three words). */
function headingCounts(pages: readonly PageText[]): Map<string, number> {
  // "Appendix A: GNU Free Documentation License" on every page of the appendix is one title.
  const normal = (title: string) => normalizeQuestion(title.replace(/^appendix\s+\w\b\W*/i, ""));
  const titles = new Set(pages.flatMap((page) => headingLines(page.text).map(normal)));
  const counts = new Map<string, number>();
  for (const title of titles) {
    const words = wordsOf(title);
    const keys = new Set<string>();
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= 3 && i + n <= words.length; n++) {
        const run = words.slice(i, i + n);
        if (run.some((word) => STOPWORDS.has(word))) break;
        keys.add(run.map(stem).join(" "));
      }
    }
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Words the document mostly uses to modify another noun ("data" in "data frame", "data vector"):
 * the phrases are the topics, not the word.
 */
function modifierWords(inventory: Inventory): Set<string> {
  const asModifier = new Map<string, number>();
  const asHead = new Map<string, number>();
  for (const term of inventory.terms.term.values()) {
    const words = term.text.split(" ");
    if (words.length !== 2) continue;
    const [first = "", last = ""] = words.map(stem);
    asModifier.set(first, (asModifier.get(first) ?? 0) + term.count);
    asHead.set(last, (asHead.get(last) ?? 0) + term.count);
  }
  return new Set([...asModifier].filter(([word, n]) => n > 2 * (asHead.get(word) ?? 0)).map(([word]) => word));
}

/**
 * What makes a topic: used on many pages and several times on each of them (a subject is
 * discussed, where a word like "example" is merely used here and there), named in section titles,
 * and preferably a multi-word term, which says far more than a single word.
 */
function topicWeight(c: TopicCandidate, headings: number): number {
  const spread = c.pages * Math.log2(1 + c.count / c.pages);
  return spread * (c.key.includes(" ") ? 2.5 : 1) * (1 + Math.min(4, headings));
}

/**
 * Out-of-context part-of-speech questions about the few phrases that could become topics, asked of
 * wink's tagger and remembered. A lone word out of context is often read as a verb ("list"); the
 * document's own usage ("the list of …") settles it.
 */
class PhraseTags {
  private readonly cache = new Map<string, string[]>();
  private readonly isNounHead: (word: string) => boolean;
  constructor(isNounHead: (word: string) => boolean) {
    this.isNounHead = isNounHead;
  }

  private tags(text: string): string[] {
    let tags = this.cache.get(text);
    if (!tags) this.cache.set(text, (tags = tagsOf(text)));
    return tags;
  }

  /** "ledger line", "data frame": adjectives or nouns ending in a noun. */
  isNounPhrase(phrase: string): boolean {
    const words = phrase.split(" ");
    const head = words.at(-1) ?? "";
    const headTag = this.tags(head)[0];
    const headIsNoun = headTag === "NOUN" || headTag === "PROPN" || this.isNounHead(head) || this.isNounHead(stem(head));
    return headIsNoun && words.slice(0, -1).every((word) => ["NOUN", "ADJ", "PROPN", "VERB"].includes(this.tags(word)[0] ?? "") || this.isNounHead(word));
  }

  isPlainNoun(word: string): boolean {
    return this.tags(word)[0] === "NOUN";
  }

  /** Capitalised words from headings ("Getting", "Assisted") pass for names in the inventory; the tagger tells. */
  isName(text: string): boolean {
    const tags = this.tags(text);
    return tags.length > 0 && tags.every((tag) => tag === "PROPN" || tag === "NOUN");
  }
}

/**
 * A few topics the document clearly covers, for when a requested topic is absent: noun phrases
 * and names, none part of another, nicely cased.
 */
export function suggestTopics(allPages: PageText[], n = 5): string[] {
  // A bibliography names many subjects, none of which the document teaches; web addresses
  // ("https", "www") are not subjects either.
  const pages = allPages
    .filter((page) => !isReferencePage(page.text))
    .map((page) => ({ ...page, text: page.text.replace(/\b(?:https?|ftp):\/\/\S+|\bwww\.\S+|\b[\w.-]+@[\w-]+\.[\w.-]+/gi, " ") }));
  const inventory = buildInventory(pages);
  const tagger = new PhraseTags((word) => inventory.nounHeads.has(word));
  const merged = new Map<string, TopicCandidate>();
  merge([...inventory.terms.term.values()].filter((t) => t.pageCount >= 2 && isTermLike(inventory, t.text)), false, merged);
  merge([...inventory.terms.noun.values()].filter((t) => t.pageCount >= 2 && t.text.length >= 4), false, merged);
  merge([...inventory.terms.proper.values()].filter((t) => t.pageCount >= 2 && t.text.length >= 3), true, merged);

  const headings = headingCounts(pages);
  const modifiers = modifierWords(inventory);
  const ranked = [...merged.values()]
    .filter((c) => !modifiers.has(c.key))
    .map((c) => ({ c, weight: topicWeight(c, headings.get(c.key) ?? 0) }))
    .sort((a, b) => b.weight - a.weight || a.c.key.localeCompare(b.c.key))
    .map(({ c }) => c);

  const chosen: TopicCandidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= n) break;
    const stems = candidate.key.split(" ");
    // "data frame" after "data frames" or "frame": one topic, not two.
    if (chosen.some((other) => other.key.split(" ").some((s) => stems.includes(s)))) continue;
    const text = displayForm(candidate);
    const acceptable = candidate.proper
      ? acceptableName(text, tagger, inventory)
      : acceptableNoun(text.toLowerCase(), headings.get(candidate.key) ?? 0, tagger, inventory);
    if (!acceptable) continue;
    chosen.push(candidate);
  }
  return chosen.map(displayForm);
}

function acceptableNoun(text: string, headings: number, tagger: PhraseTags, inventory: Inventory): boolean {
  // "following example", "section": a vague head word makes a vague topic.
  if (GENERIC_NOUNS.has(text.split(" ").at(-1) ?? "") || !tagger.isNounPhrase(text)) return false;
  // A lone word must be a noun out of context ("function"), be used as one ("a list", "the lists")
  // or, for an "-ing" word, title sections ("Automated engraving"). "returns" passes for a noun,
  // but the document mostly "returns a value".
  if (text.includes(" ") || tagger.isPlainNoun(stem(text)) || articleShare(inventory, text) >= 0.1) return true;
  return text.endsWith("ing") && headings >= 2;
}

function acceptableName(text: string, tagger: PhraseTags, inventory: Inventory): boolean {
  return tagger.isName(text) && (text.includes(" ") || isNameLike(inventory, text));
}

/** Each word of the topic, singular or plural: "vector" finds "vectors", "libraries" finds "library". */
function topicPattern(topic: string): RegExp | undefined {
  const words = wordsOf(topic);
  if (words.length === 0) return undefined;
  const parts = words.map((word) => {
    const singular = stem(word);
    const base = singular.endsWith("y") ? `${escapeRegExp(singular.slice(0, -1))}(?:y|ies)` : `${escapeRegExp(singular)}(?:e?s)?`;
    return `${base}(?:['’]s)?`;
  });
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts.join("[\\s\\-–]+")}(?![\\p{L}\\p{N}])`, "iu");
}

/** Whether the document mentions the topic at all (case-insensitive, singular or plural). */
export function topicOccurs(pages: PageText[], topic: string): boolean {
  const pattern = topicPattern(topic);
  return pattern !== undefined && pages.some((page) => pattern.test(page.text));
}
