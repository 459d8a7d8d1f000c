import { createRandom, shuffle } from "./providers/builtin/random.ts";
import type { Question } from "./providers/types.ts";

/**
 * Moves each multiple-choice answer to a position of our choosing: language models (and simple
 * generators) tend to put the correct option in the same place, which students learn to exploit.
 * Positions are dealt from shuffled rounds of every slot, so across a test they are spread evenly;
 * the other options keep their order. The answer is stored as text, so the review is unaffected.
 */
export function spreadAnswerPositions(questions: Question[], seed: number): Question[] {
  const random = createRandom(seed, "answer positions");
  let deck: number[] = [];
  return questions.map((q) => {
    if (q.type !== "multiple_choice" || q.options.length < 2) return q;
    const slots = q.options.length;
    if (!deck.length) deck = shuffle(Array.from({ length: slots }, (_, i) => i), random);
    const target = Math.min(deck.pop()!, slots - 1);
    const others = q.options.filter((o) => o !== q.answer);
    if (others.length !== slots - 1) return q; // the answer is not exactly one option: leave it as validated
    others.splice(target, 0, q.answer);
    return { ...q, options: others };
  });
}
