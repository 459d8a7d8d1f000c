import type { Phrase } from "./phrases.ts";
import type { Sentence } from "./sentences.ts";
import { STOPWORDS, uncapitalised } from "./text.ts";

/**
 * The document's terms as the sentences read so far use them: how often, on which pages, in which
 * forms (singular, plural) and in which company (the content words of their sentences). Distractors
 * are terms used in contexts like the answer's; the closer the contexts, the harder the question.
 */
export interface VocabTerm {
  key: string;
  /** Spellings without article, by plurality, most frequent kept. */
  singular?: string;
  plural?: string;
  count: number;
  /** Uses after "a", "an" or "the": evidence that a lone word is a thing, not an action ("read"). */
  articled: number;
  /** Uses whose first word is an adjective ("unbounded recursion", "regular packages"), not a noun ("import machinery"). */
  adjectival: number;
  /** Uses whose first word is a verb's form ("opening files", "logging calls"). */
  verbal: number;
  pages: Set<number>;
  proper: boolean;
  words: number;
  head: string;
  context: Map<string, number>;
}

/** Bounds: a term's context keeps this many distinct words; the vocabulary this many terms. */
const CONTEXT_WORDS = 150;
const MAX_TERMS = 20_000;
/** Tokens either side of a term read as its company in a sentence longer than twice this. */
const CONTEXT_SPAN = 50;
const CONTENT = new Set(["NOUN", "PROPN", "VERB", "ADJ"]);

export class Vocabulary {
  readonly terms = new Map<string, VocabTerm>();
  private readonly pages = new Set<number>();
  /** Terms the document gives as another name of a term: "Open Database Connectivity (ODBC)", "X, or Y", "X, also called Y". */
  readonly aliases = new Map<string, Set<string>>();
  private readonly formCounts = new Map<string, number>();

  /** How many pages the vocabulary was read from. */
  get pagesRead(): number {
    return this.pages.size;
  }

  add(sentence: Sentence, phrases: readonly Phrase[]): void {
    this.pages.add(sentence.page);
    // The content word at each token, if it is one; a term's company is the sentence, or in a long
    // run-on sentence (a list, text without full stops) the words near it: phrases × words stays bounded.
    const lemmaAt = sentence.tokens.map((t) => (CONTENT.has(t.pos) && !STOPWORDS.has(t.lower) && /^\p{L}+$/u.test(t.text) ? t.lemma : undefined));
    const whole = sentence.tokens.length <= 2 * CONTEXT_SPAN;
    this.noteAliases(sentence, phrases);
    for (const phrase of phrases) {
      let term = this.terms.get(phrase.key);
      if (!term) {
        if (this.terms.size >= MAX_TERMS) continue;
        term = { key: phrase.key, count: 0, articled: 0, adjectival: 0, verbal: 0, pages: new Set(), proper: phrase.proper, words: phrase.words, head: phrase.key.split(" ").at(-1) ?? "", context: new Map() };
        this.terms.set(phrase.key, term);
      }
      term.count++;
      if (phrase.first < phrase.termFirst && /^(?:a|an|the)$/i.test(sentence.tokens[phrase.first]?.text ?? "")) term.articled++;
      if (phrase.words > 1 && sentence.tokens[phrase.termFirst]?.pos === "ADJ") term.adjectival++;
      if (phrase.words > 1 && sentence.tokens[phrase.termFirst]?.pos === "VERB") term.verbal++;
      term.pages.add(sentence.page);
      // A phrase that starts a sentence is capitalised by position only.
      const surface = phrase.termStart === 0 && !phrase.proper ? uncapitalised(phrase.text) : phrase.text;
      const formKey = `${phrase.key}\u0000${surface}`;
      const seen = (this.formCounts.get(formKey) ?? 0) + 1;
      this.formCounts.set(formKey, seen);
      const slot = phrase.plural ? "plural" : "singular";
      const current = term[slot];
      if (!current || seen > (this.formCounts.get(`${phrase.key}\u0000${current}`) ?? 0)) term[slot] = surface;
      const own = new Set(phrase.key.toLowerCase().split(" "));
      const to = whole ? lemmaAt.length : Math.min(lemmaAt.length, phrase.end + CONTEXT_SPAN);
      for (let i = whole ? 0 : Math.max(0, phrase.first - CONTEXT_SPAN); i < to; i++) {
        const lemma = lemmaAt[i];
        if (lemma === undefined || own.has(lemma)) continue;
        if (term.context.size < CONTEXT_WORDS || term.context.has(lemma)) term.context.set(lemma, (term.context.get(lemma) ?? 0) + 1);
      }
    }
  }

  /**
   * Terms the document lists together ("matrices, lists and data frames", "a vector or a factor"):
   * things of one kind, the best wrong options and the only safe swaps for a false statement.
   */
  readonly siblings = new Map<string, Set<string>>();

  areSiblings(a: string, b: string): boolean {
    return this.siblings.get(a)?.has(b) === true;
  }

  /** Whether the document names `a` and `b` as the same thing. */
  areAliases(a: string, b: string): boolean {
    return this.aliases.get(a)?.has(b) === true || this.aliases.get(b)?.has(a) === true;
  }

  private noteAliases(sentence: Sentence, phrases: readonly Phrase[]): void {
    for (let i = 0; i + 1 < phrases.length; i++) {
      const a = phrases[i] as Phrase;
      const b = phrases[i + 1] as Phrase;
      const between = sentence.text.slice(a.stop, b.start).trim().toLowerCase();
      if (/^(?:,|and|or|, and|nor)$/.test(between) && a.key !== b.key && a.proper === b.proper) {
        for (const [x, y] of [[a.key, b.key], [b.key, a.key]] as const) {
          if (!this.siblings.has(x)) this.siblings.set(x, new Set());
          this.siblings.get(x)?.add(y);
        }
      }
      if (!/^(?:\(|, or|, also called|, also known as|,? i\.e\.,?|, that is,?)$/.test(between)) continue;
      if (!this.aliases.has(a.key)) this.aliases.set(a.key, new Set());
      this.aliases.get(a.key)?.add(b.key);
    }
  }

  /** Pages read at even steps through the whole document (not picked for the topic): a word's spread over them says how general it is. */
  readonly samplePages = new Set<number>();

  /**
   * Share of the evenly spread sample pages a term is used on, or 0 when too few were sampled to
   * tell. A lone word on a quarter of all pages of a long document ("command" in a software manual,
   * "function" in a programming guide) is the document's everyday vocabulary, not a term to test.
   */
  spread(key: string): number {
    const term = this.terms.get(key);
    if (!term || this.samplePages.size < 12) return 0;
    let on = 0;
    for (const page of this.samplePages) if (term.pages.has(page)) on++;
    return on / this.samplePages.size;
  }

  get(key: string): VocabTerm | undefined {
    return this.terms.get(key);
  }
}

/** Cosine of two terms' context words: 1 when used in the same company, 0 when never. */
export function contextSimilarity(a: VocabTerm, b: VocabTerm): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [word, n] of a.context) {
    na += n * n;
    const m = b.context.get(word);
    if (m) dot += n * m;
  }
  for (const m of b.context.values()) nb += m * m;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
