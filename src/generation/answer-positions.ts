import type { Question } from "./providers/types.ts";

/** mulberry32: a tiny seeded generator, so the same test seed always gives the same order. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffleInPlace<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Moves each multiple-choice answer to a position of our choosing: language models (and simple
 * generators) tend to put the correct option in the same place, which students learn to exploit.
 * Positions are dealt from shuffled rounds of every slot, so across a test they are spread evenly;
 * the other options keep their order. The answer is stored as text, so the review is unaffected.
 */
export function spreadAnswerPositions(questions: Question[], seed: number): Question[] {
  const random = seeded(seed ^ 0x5f3759df);
  let deck: number[] = [];
  return questions.map((q) => {
    if (q.type !== "multiple_choice" || q.options.length < 2) return q;
    const slots = q.options.length;
    if (!deck.length) deck = shuffleInPlace(Array.from({ length: slots }, (_, i) => i), random);
    const target = Math.min(deck.pop()!, slots - 1);
    const others = q.options.filter((o) => o !== q.answer);
    if (others.length !== slots - 1) return q; // the answer is not exactly one option: leave it as validated
    others.splice(target, 0, q.answer);
    return { ...q, options: others };
  });
}
