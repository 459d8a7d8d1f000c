import type { PageText, Passage } from "../types.ts";
import { factOf, type Fact } from "./facts.ts";
import { entryWords } from "./api-entries.ts";
import { trustedSentences } from "./garbled.ts";
import { nounPhrases } from "./phrases.ts";
import type { Token } from "./nlp.ts";
import { rejectReason } from "./quality.ts";
import { innermostTitle, sectionsAtPageStart, sectionTitles, titleParts, type Heading } from "./sections.ts";
import { isReferencePage, pageSentences, type Sentence } from "./sentences.ts";
import { compact, root, STOPWORDS, wordsOf } from "./text.ts";
import { Vocabulary } from "./vocabulary.ts";

/** A sentence of the topic's passages, with how relevant its passage is to the topic. */
export interface Candidate {
  sentence: Sentence;
  /** Position of the first passage that contains it: 0 is the most relevant. */
  rank: number;
  /** Share of the topic's words that the sentence uses. */
  topicHit: number;
  /** Share of the topic's words that the sentence's page uses: a sentence that does not name the topic may still be on its page. */
  pageHit: number;
  /**
   * 1 when the sentence stands in a section named for the topic, or its page is about the topic throughout
   * (it names the topic in three sentences and a quarter of them, or the document names it on most
   * pages), else its own topicHit: a sentence that does not name the
   * topic is about it only there. Beside one that names it, it was about something else as often as
   * not (a section's prerequisites, the next tool's plugins, a general definition of "cache").
   */
  nearHit: number;
  /**
   * How much of its page is about the topic, against the page that is most: the share of the page's
   * sentences naming the topic over the best page's share. "The quota system … the kernel" on a page
   * about quotas is not a question about the kernel when another page is all about it.
   */
  pageShare: number;
  /** The sentence stands in a numbered section whose title (or a title above it) names the topic, or in a box whose title does. */
  inSection: boolean;
}

export interface StudyMaterial {
  /** Sentences fit for a question, in passage order. */
  candidates: Candidate[];
  /** Terms of everything read (passages and a sample of the document): the distractor vocabulary. */
  vocabulary: Vocabulary;
  /** Facts of everything read that has a subject: other terms' definitions and statements (rivals). */
  facts: Fact[];
  /** Some candidate stands in a section named for the topic: the document says where the topic is treated. */
  sectioned: boolean;
}

/** A passage starts on its page and may run on; a chunk of about 1,000 tokens spans a few pages at most. */
const MAX_PAGES_PER_PASSAGE = 4;
/** Pages read beyond the passages for vocabulary, spread over the document: bounds the time on a long book. */
const SAMPLE_PAGES = 40;
/** Characters of one page parsed: a printed page has a few thousand, a longer one is cut at a line end. */
const MAX_PAGE_CHARS = 20_000;
/** Characters parsed per request in all (passages and sample): the tagger runs on the server's main thread. */
const MAX_READ_CHARS = 600_000;
/** Facts kept as rivals, first read first (the topic's passages, then the sample): rivalFacts scans them per question. */
const MAX_FACTS = 2_000;
/** Rejects that make a sentence useless even as vocabulary (code, glyph salad, addresses). */
const NOT_VOCABULARY = new Set(["code", "debris", "placeholder or address", "page debris", "brackets"]);

/** "a number of", "the total number of": a count of things, whatever they are. */
const QUANTITY = /\b(?:a|an|any|the|some|large|small|great|total|same|certain|growing)\s+number\s+of\b/gi;

/** Share of sampled pages naming the topic that makes a document about it throughout. */
const PERVASIVE_SHARE = 0.4;

/** Pages parsed per request (the pipeline asks again on thin material): dropped with the request. */
const parsedPages = new WeakMap<object, Map<number, Sentence[]>>();
function parsedPagesFor(key: object): Map<number, Sentence[]> {
  let pages = parsedPages.get(key);
  if (!pages) parsedPages.set(key, (pages = new Map()));
  return pages;
}

/** A page's first MAX_PAGE_CHARS characters, ending at a line end when there is one. */
function cutPage(text: string): string {
  if (text.length <= MAX_PAGE_CHARS) return text;
  const head = text.slice(0, MAX_PAGE_CHARS);
  const end = head.lastIndexOf("\n");
  return end > 0 ? head.slice(0, end) : head;
}

/** "Spreadsheet-like data", "a Debian-based distribution": the word before such a suffix is named too. */
const NAMING_SUFFIX = /^(.+)-(?:like|based|specific|related|oriented|style|compatible|aware|friendly)$/;

/** Content words' stems; and the function words in `keep` (a topic's: "with statement", "for statement"). */
const stemsOfWords = (text: string, keep?: ReadonlySet<string>) =>
  wordsOf(text)
    .map((w) => w.toLowerCase())
    .flatMap((w) => {
      const named = NAMING_SUFFIX.exec(w)?.[1];
      return named ? [w, named] : [w];
    })
    .filter((w) => !STOPWORDS.has(w) || keep?.has(w) === true)
    .map(root);

/**
 * Reads only what the questions need: the topic's passages, most relevant first, until `wanted`
 * usable sentences are found, and a bounded sample of the rest of the document for distractors.
 * Sentences are parsed from the stored pages (which keep their lines, telling headings and code
 * from prose) and located in a passage by their letters and digits.
 */
export function studyMaterial(
  passages: readonly Passage[],
  pages: readonly PageText[],
  topic: string,
  wanted: number,
  signal?: AbortSignal,
  /** The same object for every call of one request (its pages function): pages are parsed once across them. */
  cacheKey?: object,
): StudyMaterial {
  const byNumber = new Map(pages.map((page) => [page.page, page]));
  const parsed = cacheKey ? parsedPagesFor(cacheKey) : new Map<number, Sentence[]>();
  const readPages = new Map<number, Sentence[]>();
  let sectionStarts: Map<number, readonly Heading[]> | undefined;
  const sectionAt = (number: number) => (sectionStarts ??= sectionsAtPageStart(pages)).get(number);
  let budget = MAX_READ_CHARS;
  const vocabulary = new Vocabulary();
  const facts: Fact[] = [];
  const factSentences = new Set<string>();
  const read = (sentences: Sentence[]) => {
    for (const sentence of sentences) {
      const reason = rejectReason(sentence);
      if (reason && NOT_VOCABULARY.has(reason)) continue;
      vocabulary.add(sentence, nounPhrases(sentence.text, sentence.tokens));
      // A sentence printed many times is one fact (and one rival).
      if (!reason && facts.length < MAX_FACTS && !factSentences.has(sentence.text)) {
        factSentences.add(sentence.text);
        const fact = factOf(sentence);
        if (fact.subject) facts.push(fact);
      }
    }
  };
  const sentencesOn = (number: number) => {
    let sentences = readPages.get(number);
    if (!sentences) {
      signal?.throwIfAborted();
      const page = byNumber.get(number);
      const text = page ? cutPage(page.text) : "";
      // Past the budget a page is not read: cached or not, so that the questions do not depend on what an earlier call parsed.
      sentences = page && text.length <= budget ? (parsed.get(number) ?? trustedSentences(page, pageSentences({ page: page.page, text }, sectionAt(number)))) : [];
      budget -= text.length;
      if (page && sentences.length > 0) parsed.set(number, sentences);
      readPages.set(number, sentences);
      read(sentences);
    }
    return sentences;
  };

  // "with statement", "for statement", "while statement": a function word the student typed is part of the topic
  // (round 25: without it, all three were "statement", and their tests asked about every other statement).
  const typedFunctionWords = new Set(wordsOf(topic).map((w) => w.toLowerCase()).filter((w) => STOPWORDS.has(w)));
  // "Python knows a number of compound data types": a quantity, not the numbers a student asks about (round 29).
  const stemsOf = (text: string) => stemsOfWords(text.replace(QUANTITY, " "), typedFunctionWords);
  const topicSequence = stemsOf(topic);
  const topicStems = new Set(topicSequence);
  /** The topic's words together, in order, a word or so between them ("raise statement", "glob pattern"). */
  const together = (stems: readonly string[]) =>
    stems.some((first, i) => first === topicSequence[0] && topicSequence.slice(1).every((next, k) => stems.slice(i + 1, i + 3 + k).includes(next)));
  /** Below a full hit: all the topic's words but apart. */
  const apart = (topicStems.size - 1) / topicStems.size;
  const hitOfStems = (sequence: readonly string[]) => {
    if (topicStems.size === 0) return 0;
    const stems = new Set(sequence);
    return [...topicStems].filter((s) => stems.has(s)).length / topicStems.size;
  };
  const hitOf = (text: string) => hitOfStems(stemsOf(text));
  // A page names a topic the document writes as a phrase only with the phrase: the simple statements' pages say
  // "raises" and "statement" all over, the raise statement's section alone "raise statement".
  let phrased: boolean | undefined;
  const writesPhrase = () => (phrased ??= topicSequence.length > 1 && passages.some((passage) => together(stemsOf(passage.text))));
  const phraseHitOf = (text: string) => {
    const sequence = stemsOf(text);
    const hit = hitOfStems(sequence);
    return hit >= 1 && topicSequence.length > 1 && (writesPhrase() || typedFunctionWords.size > 0) && !together(sequence) ? apart : hit;
  };
  /**
   * A sentence's hit: a topic of several words, apart, counts in full only as names ("The glob file is a list of
   * lines containing a MIME type and pattern" is on glob patterns); "… raises a compile-time error if a future
   * statement …" names raising and a statement, not the raise statement (round 24: every question under "raise
   * statement" was on something else).
   */
  const sentenceHit = (sentence: Sentence) => {
    const sequence = stemsOf(sentence.text);
    const hit = hitOfStems(sequence);
    if (hit < 1 || topicSequence.length < 2 || together(sequence)) return hit;
    // "for" and "statement" apart are any sentence's: a topic with a function word is named only together.
    if (typedFunctionWords.size > 0) return apart;
    const named = new Set(sentence.tokens.filter((t) => t.pos !== "VERB" && t.pos !== "AUX").flatMap((t) => stemsOf(t.text)));
    if (!topicSequence.every((word) => named.has(word))) return apart;
    // "… then a yield expression within a try construct …" beside "an asynchronous generator": the topic's head
    // noun only ever with another word before it names another kind of thing (round 27, "generator expressions").
    const head = topicSequence.at(-1);
    const { tokens } = sentence;
    const heads = tokens.flatMap((t, i) => (stemsOf(t.text)[0] === head ? [i - 1] : []));
    // (", yield expressions are allowed …": the tagger reads a modifier opening a clause as a verb.)
    const modifier = (i: number) => {
      const before = tokens[i] as Token;
      return ["NOUN", "PROPN", "ADJ"].includes(before.pos) || (before.pos === "VERB" && before.lower === before.lemma && [",", "the", "a", "an"].includes(tokens[i - 1]?.lower ?? ","));
    };
    const otherKind = (i: number) => i >= 0 && modifier(i) && !stemsOf((tokens[i] as Token).text).some((w) => topicStems.has(w));
    return heads.length > 0 && heads.every(otherKind) ? apart : hit;
  };

  /**
   * A section's titles name the topic when one of them does: "Yield expressions / Asynchronous generator functions"
   * is no section on generator expressions (round 27: 18 of its items were on asynchronous generators).
   */
  const titleHitOf = (titles: string) => Math.max(0, ...sectionTitles(titles).map(hitOf));

  /**
   * A sentence of a library entry's description is about the entry ("If skipkeys is false, a TypeError will be
   * raised …" under json.JSONEncoder), not about the topic its section is titled for ("Encoders and Decoders":
   * round 29 asked it under "decoders"), unless the entry's name or the sentence names the topic. What the entry's
   * function does ("math.log2() returns the base-2 logarithm of x." under "Power and logarithmic functions") is what the
   * section groups it for.
   */
  const aboutOtherEntry = (sentence: Sentence) => sentence.entry !== undefined && sentence.described === undefined && hitOf(entryWords(sentence.entry)) < 1 && sentenceHit(sentence) < 1;

  /**
   * "Attributes and Color", "Windows and Pads": a section titled for two things is about the other one in a
   * sentence that names it and not the topic ("An attribute is an integer, each bit …" is no question on colors).
   */
  const aboutOtherPart = (sentence: Sentence, titles: string) => {
    const parts = titleParts(innermostTitle(titles));
    if (parts.length < 2 || sentenceHit(sentence) >= 1) return false;
    const words = new Set(stemsOf(sentence.text));
    return parts.some((part) => hitOf(part) < 1 && stemsOf(part).some((w) => words.has(w)));
  };

  const pageHits = new Map<number, number>();
  const pageHitOf = (number: number) => {
    let hit = pageHits.get(number);
    if (hit === undefined) pageHits.set(number, (hit = phraseHitOf(byNumber.get(number)?.text ?? "")));
    return hit;
  };
  /** Sentences naming the topic, and their share of the page's, that make the whole page about it. */
  const TOPICAL_PAGE = 3;
  const TOPICAL_SHARE = 0.25;
  /** Sentences added to every page's count when comparing pages' shares. */
  const SHARE_SMOOTHING = 5;
  // A document that names the topic on most of its pages is about it throughout (an essay on engraving):
  // there, a page that names it is enough. Judged on a spread sample, like the vocabulary.
  const sampleStep = Math.max(1, Math.floor(pages.length / SAMPLE_PAGES));
  const sample = pages.filter((_, i) => i % sampleStep === 0).slice(0, SAMPLE_PAGES + 1);
  const pervasive = sample.length > 0 && sample.filter((page) => pageHitOf(page.page) >= 1).length >= sample.length * PERVASIVE_SHARE;
  /** Per page read for candidates: each sentence's topicHit, whether the page is about the topic throughout, and its share of naming sentences. */
  const pageTopics = new Map<number, { hits: number[]; inSection: boolean[]; topical: boolean; share: number }>();
  const pageTopicOf = (number: number) => {
    let topic = pageTopics.get(number);
    if (!topic) {
      const sentences = sentencesOn(number);
      const hits = sentences.map(sentenceHit);
      // A box beside the text is about its own title, not the section's ("COMMUNITY Popular packages" under Email).
      const inSection = sentences.map((s) => titleHitOf(s.aside ?? s.section ?? "") >= 1 && !aboutOtherPart(s, s.aside ?? s.section ?? "") && !aboutOtherEntry(s));
      const naming = hits.filter((hit) => hit >= 1).length;
      const share = hits.length > 0 ? naming / hits.length : 0;
      // The share is smoothed, so that a page of two sentences, one naming the topic, is not the measure
      // of all others. A document naming the topic on most pages is about it throughout (an essay on
      // engraving), and there no page's share counts against another's. (So is "package" in a book on
      // Debian, where independent raters found the sentences it lends off the topic: where the document
      // has sections named for the topic, generate.ts asks those sentences last.)
      topic = { hits, inSection, topical: (naming >= TOPICAL_PAGE && share >= TOPICAL_SHARE) || (pervasive && pageHitOf(number) >= 1), share: pervasive ? 1 : naming / (hits.length + SHARE_SMOOTHING) };
      pageTopics.set(number, topic);
    }
    return topic;
  };
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  let usable = 0;
  for (const [rank, passage] of passages.entries()) {
    if (usable >= wanted) break;
    const letters = compact(passage.text);
    let covered = 0;
    for (let number = passage.page; number < passage.page + MAX_PAGES_PER_PASSAGE && covered < passage.text.length; number++) {
      covered += byNumber.get(number)?.text.length ?? Infinity;
      for (const [index, sentence] of sentencesOn(number).entries()) {
        const key = compact(sentence.printed ?? sentence.text);
        if (seen.has(key) || !letters.includes(key)) continue;
        seen.add(key);
        // A sentence that does not name the topic is kept too (its passage does), and asked only
        // when the sentences that name it have run out (generate.ts ranks by topicHit first).
        const topic = pageTopicOf(number);
        const topicHit = topic.hits[index] ?? 0;
        const inSection = topic.inSection[index] ?? false;
        candidates.push({ sentence, rank, topicHit, pageHit: pageHitOf(number), nearHit: topic.topical || inSection ? 1 : topicHit, pageShare: topic.share, inSection });
        // Only sentences about the topic count towards what is wanted: the passages go on being read until there are enough.
        if ((topicHit >= 1 || topic.topical) && !rejectReason(sentence)) usable++;
      }
    }
  }
  if (candidates.length === 0) {
    // The passages are not from these pages (the caller sent text only): ask about the passages themselves.
    for (const [rank, passage] of passages.entries()) {
      signal?.throwIfAborted();
      const text = cutPage(passage.text);
      if (text.length > budget) break;
      budget -= text.length;
      const sentences = trustedSentences(byNumber.get(passage.page), pageSentences({ page: passage.page, text }));
      read(sentences);
      const hits = sentences.map(sentenceHit);
      const naming = hits.filter((hit) => hit >= 1).length;
      for (const [i, sentence] of sentences.entries()) {
        const topicHit = hits[i] ?? 0;
        candidates.push({ sentence, rank, topicHit, pageHit: hitOf(passage.text), nearHit: naming >= TOPICAL_PAGE ? 1 : topicHit, pageShare: naming / (sentences.length + SHARE_SMOOTHING), inSection: false });
      }
    }
  }
  // A loop, not Math.max(...): a long document's candidates would overflow the argument list.
  let best = 0;
  for (const candidate of candidates) best = Math.max(best, candidate.pageShare);
  for (const candidate of candidates) candidate.pageShare = best > 0 ? candidate.pageShare / best : 0;
  const step = Math.max(1, Math.floor(pages.length / SAMPLE_PAGES));
  for (let i = 0; i < pages.length; i += step) {
    const page = pages[i] as PageText;
    if (isReferencePage(page.text)) continue;
    sentencesOn(page.page);
    vocabulary.samplePages.add(page.page);
  }
  return {
    candidates,
    vocabulary,
    facts,
    sectioned: candidates.some((c) => c.inSection),
  };
}
