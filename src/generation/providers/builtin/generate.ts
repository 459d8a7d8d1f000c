import type { Difficulty, GenerationRequest, PageText, Question, QuestionType } from "../types.ts";
import { contentStems, topicSentences, type Candidate } from "./candidates.ts";
import { distractorsFor, type DistractorContext } from "./distractors.ts";
import { buildInventory } from "./inventory.ts";
import { keyTermsOf, type KeyTermContext } from "./key-terms.ts";
import { PhraseTagger } from "./pos.ts";
import { multipleChoice, shortAnswer, trueFalse, type Fact } from "./questions.ts";
import { createRandom, shuffle, type Random } from "./random.ts";
import { normalizeQuestion, termKey } from "./text.ts";

interface RankedFact extends Fact {
  /** How relevant the sentence is to the topic: it names the topic, its passage ranks high. */
  relevance: number;
  /** How prominent the fact is: a key term the document uses often, or defines. */
  prominence: number;
}

/** Sentences that state a definition are the best material; a cheap hint before tagging. */
const DEFINITION_HINT = /\b(?:is|are) (?:a|an|the)\b|\b(?:is|are) called\b|\bknown as\b|\brefers? to\b|\bmeans\b|\bconsists? of\b/;

/** Questions already asked (excluded) come back as word sets, to recognise their sentences. */
function overlapsExcluded(sentence: string, excluded: Set<string>[]): boolean {
  const stems = new Set(contentStems(sentence));
  if (stems.size === 0) return false;
  return excluded.some((words) => [...stems].filter((s) => words.has(s)).length >= stems.size * 0.75);
}

/**
 * The best-first candidates: relevant passages, sentences that name the topic, definitions, with
 * a seeded nudge so that another seed draws another selection when the material allows.
 */
function orderCandidates(candidates: Candidate[], random: Random): Candidate[] {
  const scored = candidates.map((c) => ({
    c,
    score: 2 / (1 + c.rank * 0.1) + 2 * c.topicHit + (DEFINITION_HINT.test(c.text) ? 0.5 : 0) + 0.8 * random(),
  }));
  return scored.sort((a, b) => b.score - a.score).map(({ c }) => c);
}

/**
 * Easy asks the most prominent facts, Hard the less prominent ones, Medium a mix; every level
 * stays with the sentences most relevant to the topic.
 */
function orderFacts(facts: RankedFact[], difficulty: Difficulty, random: Random): RankedFact[] {
  const direction = difficulty === "Easy" ? 1 : difficulty === "Hard" ? -1 : 0;
  const keyed = facts.map((fact) => ({ fact, key: fact.relevance + direction * fact.prominence + 0.5 * random() }));
  return keyed.sort((a, b) => b.key - a.key).map(({ fact }) => fact);
}

/** Evenly shared among the allowed types, the remainder to types in seeded order. */
function quotas(types: QuestionType[], count: number, random: Random): Map<QuestionType, number> {
  const order = shuffle(types, random);
  return new Map(order.map((type, i) => [type, Math.floor(count / order.length) + (i < count % order.length ? 1 : 0)]));
}

export async function generateQuestions(req: GenerationRequest): Promise<Question[]> {
  if (req.count <= 0) return [];
  req.signal?.throwIfAborted();
  const pages = await req.document.pages();
  req.signal?.throwIfAborted();
  const random = createRandom("builtin", req.seed, req.topic, req.difficulty);
  const inventory = buildInventory(pages);
  const tagger = new PhraseTagger((word) => inventory.nounHeads.has(word));
  const keyContext: KeyTermContext = { inventory, tagger, topicKey: termKey(req.topic) };
  const distractorContext: DistractorContext = { inventory, tagger, difficulty: req.difficulty, random };
  const pageText = citedPageText(pages, req);

  const excluded = req.exclude.map((q) => new Set(contentStems(q)));
  const candidates = orderCandidates(
    topicSentences(req.passages, pages, req.topic).filter((c) => !overlapsExcluded(c.text, excluded)),
    random,
  );

  // Tagging is the expensive step: only as many sentences as a good choice of facts needs, and
  // more only when too few of them could carry a question of the requested types.
  const facts: RankedFact[] = [];
  let next = 0;
  for (let wanted = req.count * 2 + 10; ; wanted += req.count * 2) {
    for (; next < candidates.length && facts.length < wanted; next++) {
      req.signal?.throwIfAborted();
      const fact = factOf(candidates[next] as Candidate, keyContext, pageText);
      if (fact) facts.push(fact);
    }
    const questions = assemble(orderFacts(facts, req.difficulty, random), req, distractorContext);
    if (questions.length >= req.count || next >= candidates.length) return questions;
  }
}

/** The sentence's best key term that the cited page spells out, as a fact to ask about. */
function factOf(candidate: Candidate, context: KeyTermContext, pageText: (page: number) => string): RankedFact | undefined {
  const text = pageText(candidate.page);
  const key = keyTermsOf(candidate.text, context).find((k) => text.includes(k.text));
  if (!key) return undefined;
  return {
    sentence: candidate.text,
    page: candidate.page,
    key,
    relevance: 2 * candidate.topicHit + 1 / (1 + candidate.rank * 0.1),
    // Between 0 and about 2: a term used once scores 0.3, one used a hundred times 2.
    prominence: Math.log10(1 + key.count) + (key.definitional ? 0.5 : 0),
  };
}

/** The text an answer must be found in: the page as the document has it. */
function citedPageText(pages: readonly PageText[], req: GenerationRequest): (page: number) => string {
  const texts = new Map(pages.map((p) => [p.page, p.text]));
  return (page) =>
    texts.get(page) ??
    req.passages
      .filter((p) => p.page === page)
      .map((p) => p.text)
      .join("\n");
}

/**
 * Short answers are graded by exact text, so they ask for what a student can be expected to type:
 * a number, a name, or a term of at most two words that the material uses or defines.
 */
function typeable(fact: Fact): boolean {
  const { key } = fact;
  if (key.kind === "year" || key.kind === "number" || key.kind === "proper") return true;
  return key.text.split(/[\s-]+/).length <= 2 && (key.definitional || key.count >= 3);
}

/**
 * Turns facts into questions of the requested types: one question per sentence, no repeated
 * question, and each answer once before any answer is used again.
 */
function assemble(facts: RankedFact[], req: GenerationRequest, ctx: DistractorContext): Question[] {
  const { random } = ctx;
  const types: QuestionType[] = req.types.length > 0 ? [...new Set(req.types)] : ["multiple_choice"];
  const remaining = quotas(types, req.count, random);
  const asked = new Set(req.exclude.map(normalizeQuestion));
  const answers = new Set<string>();
  const used = new Set<RankedFact>();
  const out: Question[] = [];

  const write = (fact: RankedFact, type: QuestionType): Question | undefined => {
    if (type === "short_answer") return typeable(fact) ? shortAnswer(fact) : undefined;
    if (type === "true_false") {
      // Half the statements are made false by swapping the key term for a term of the same kind.
      const swap = random() < 0.5 ? distractorsFor(fact.key, fact.sentence, fact.page, 1, ctx)[0] : undefined;
      return trueFalse(fact, swap);
    }
    const distractors = distractorsFor(fact.key, fact.sentence, fact.page, 3, ctx);
    return distractors.length === 3 ? multipleChoice(fact, distractors, random) : undefined;
  };

  for (const allowRepeatedAnswers of [false, true]) {
    for (const fact of facts) {
      if (out.length >= req.count) return out;
      const answerKey = termKey(fact.key.text);
      if (used.has(fact) || (!allowRepeatedAnswers && answers.has(answerKey))) continue;
      // The type furthest behind its share first; a type the fact cannot carry is skipped.
      const byNeed = [...types].sort((a, b) => (remaining.get(b) ?? 0) - (remaining.get(a) ?? 0));
      for (const type of byNeed) {
        const question = write(fact, type);
        if (!question) continue;
        const normal = normalizeQuestion(question.question);
        if (asked.has(normal)) break;
        asked.add(normal);
        answers.add(answerKey);
        used.add(fact);
        remaining.set(type, (remaining.get(type) ?? 0) - 1);
        out.push(question);
        break;
      }
    }
  }
  return out;
}
