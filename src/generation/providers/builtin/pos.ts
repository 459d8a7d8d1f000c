import nlp from "compromise";
import { stem } from "./text.ts";

/** What a proper name names; a person's name is never a distractor for a product's. */
export type NameClass = "person" | "place" | "organization" | "other";

interface TaggedTerm {
  text: string;
  tags: string[];
  offset: { start: number; length: number };
}

/** compromise's tagging of a text: each term with its tags and where it is in the text. */
export function tagTerms(text: string): TaggedTerm[] {
  const sentences = nlp(text).json({ offset: true, terms: { tags: true, offset: true } }) as {
    terms: TaggedTerm[];
  }[];
  return sentences.flatMap((sentence) => sentence.terms);
}

/**
 * Adjectives or nouns ending in a noun. A gerund may take part in a longer phrase ("working
 * directory", "music engraving"); a lone "-ing" word is more often a verb ("reading").
 */
function hasNounShape(terms: TaggedTerm[]): boolean {
  const last = terms.at(-1);
  if (!last) return false;
  const fits = (term: TaggedTerm) =>
    (term.tags.includes("Gerund") && terms.length > 1) ||
    term.tags.includes("Noun") ||
    !term.tags.some((tag) => NOT_IN_A_NOUN_PHRASE.has(tag));
  return (last.tags.includes("Noun") || (last.tags.includes("Gerund") && terms.length > 1)) && terms.every(fits);
}

const NOT_IN_A_NOUN_PHRASE = new Set(["Verb", "Adverb", "Pronoun", "Determiner", "Preposition", "Conjunction", "QuestionWord"]);

/**
 * Part-of-speech questions about short phrases out of context, asked only for the few terms that
 * become answers, distractors or topics, and remembered for the rest of the call. Tagging a whole
 * book would take seconds; tagging a phrase takes a fraction of a millisecond.
 */
export class PhraseTagger {
  private readonly nounPhrases = new Map<string, boolean>();
  private readonly names = new Map<string, NameClass>();
  private readonly nameWords = new Map<string, boolean>();
  private readonly isNounHead: (word: string) => boolean;

  /** `isNounHead`: whether the document uses the word as a noun ("the list of …", "a plot."). */
  constructor(isNounHead: (word: string) => boolean = () => false) {
    this.isNounHead = isNounHead;
  }

  /** "ledger line", "data frame": nouns, optionally led by adjectives or noun modifiers. */
  isNounPhrase(phrase: string): boolean {
    let known = this.nounPhrases.get(phrase);
    if (known === undefined) {
      const words = phrase.split(" ");
      const head = words.at(-1) ?? "";
      // Out of context the tagger reads "staff lines" as an order and "data frames" as a clause, so
      // a phrase also passes when its head is a noun on its own. The modifiers are always checked one
      // by one: the tagger reads "write music manuscript" as three nouns.
      known =
        words.slice(0, -1).every((word) => this.isModifier(word)) && (hasNounShape(tagTerms(phrase)) || this.isNoun(head));
      this.nounPhrases.set(phrase, known);
    }
    return known;
  }

  /** A word the tagger calls a noun and nothing else, out of context. */
  isPlainNoun(word: string): boolean {
    const tags = tagTerms(word)[0]?.tags ?? [];
    return tags.includes("Noun") && !tags.some((tag) => tag === "Verb" || tag === "Adjective" || tag === "Adverb");
  }

  /** A lone word out of context is often read as a verb ("list"); the document's own usage settles it. */
  private isNoun(word: string): boolean {
    const tags = tagTerms(word)[0]?.tags ?? [];
    if (tags.includes("Adjective") || tags.includes("Adverb")) return false;
    if (tags.includes("Noun") || (tags.includes("Verb") && this.isNounHead(word))) return true;
    const singular = stem(word);
    return singular !== word && this.isNoun(singular);
  }

  private isModifier(word: string): boolean {
    const tags = tagTerms(word)[0]?.tags ?? [];
    if (tags.includes("Noun") || tags.includes("Adjective") || tags.includes("Gerund")) return true;
    return !tags.some((tag) => NOT_IN_A_NOUN_PHRASE.has(tag)) || this.isNounHead(word);
  }

  /**
   * Capitalised words from headings ("Getting", "Assisted") pass for names in the inventory, and so
   * do months, abbreviations ("Ltd") and plurals ("Sons", "Texts"); out of context the tagger tells.
   */
  isName(text: string): boolean {
    let known = this.nameWords.get(text);
    if (known === undefined) {
      const tags = new Set(tagTerms(text).at(-1)?.tags ?? []);
      known = !["Verb", "Adjective", "Adverb", "Date", "Abbreviation", "Plural"].some((tag) => tags.has(tag));
      this.nameWords.set(text, known);
    }
    return known;
  }

  nameClass(name: string): NameClass {
    let known = this.names.get(name);
    if (known === undefined) {
      const doc = nlp(name);
      // The whole name must be one: "Bach Suite" is a title that merely mentions a person.
      const whole = (tag: string) => doc.match(`${tag}+`).text() === doc.text();
      known = whole("#Person") ? "person" : whole("#Place") ? "place" : doc.has("#Organization") ? "organization" : "other";
      this.names.set(name, known);
    }
    return known;
  }
}
