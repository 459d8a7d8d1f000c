import type { PageText, Passage } from "../types.ts";
import { isQuestionWorthy, pageSentences, type Sentence } from "./sentences.ts";
import { compact, stem, STOPWORDS, wordsOf } from "./text.ts";

/** A sentence worth asking about, with how relevant its passage is to the topic. */
export interface Candidate extends Sentence {
  /** Position of the first passage that contains it: 0 is the most relevant. */
  rank: number;
  /** Share of the topic's words that the sentence uses. */
  topicHit: number;
}

/** A passage starts on its page and may run on; a chunk of about 1,000 tokens spans a few pages. */
const PAGES_PER_PASSAGE = 4;

export function contentStems(text: string): string[] {
  return wordsOf(text)
    .map((word) => word.toLowerCase())
    .filter((word) => !STOPWORDS.has(word) && word.length > 2)
    .map(stem);
}

/**
 * The sentences of the topic's passages, located on the pages they are printed on (a passage only
 * knows the page it starts on, and the answer must be on the cited page). Sentences are parsed
 * from the pages rather than the passages because pages keep their lines, which tell headings and
 * code from prose; a passage contains a sentence when it has the same letters and digits.
 */
export function topicSentences(passages: readonly Passage[], pages: readonly PageText[], topic: string): Candidate[] {
  const byNumber = new Map(pages.map((page) => [page.page, page]));
  const parsed = new Map<number, Sentence[]>();
  const sentencesOn = (number: number) => {
    let sentences = parsed.get(number);
    if (!sentences) {
      const page = byNumber.get(number);
      sentences = page ? pageSentences(page).filter((s) => isQuestionWorthy(s.text)) : [];
      parsed.set(number, sentences);
    }
    return sentences;
  };

  const topicStems = new Set(contentStems(topic));
  const hitOf = (text: string) => {
    if (topicStems.size === 0) return 0;
    const stems = new Set(contentStems(text));
    return [...topicStems].filter((s) => stems.has(s)).length / topicStems.size;
  };

  const seen = new Set<string>();
  const out: Candidate[] = [];
  passages.forEach((passage, rank) => {
    const letters = compact(passage.text);
    for (let number = passage.page; number < passage.page + PAGES_PER_PASSAGE; number++) {
      for (const sentence of sentencesOn(number)) {
        const key = compact(sentence.text);
        if (seen.has(key) || !letters.includes(key)) continue;
        seen.add(key);
        out.push({ ...sentence, rank, topicHit: hitOf(sentence.text) });
      }
    }
  });
  if (out.length > 0) return out;
  // The passages are not from these pages (the caller sent text only): ask about the passages themselves.
  return passages.flatMap((passage, rank) =>
    pageSentences(passage)
      .filter((s) => isQuestionWorthy(s.text))
      .map((s) => ({ ...s, rank, topicHit: hitOf(s.text) })),
  );
}
