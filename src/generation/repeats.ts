/**
 * What "a genuinely different test" means for Regenerate: no question of the previous test comes
 * back, neither word for word, nor reworded on the same sentence of the material, nor as the same
 * stem with a different word blanked.
 */
import type { Question } from "./providers/types.ts";
import { contentWords, normalise } from "./validate.ts";

/** Share of content words two stems have in common (of the larger set) above which they ask the same thing. */
const SAME_STEM = 0.7;

export interface PreviousQuestions {
  /** For the provider: question texts not to ask again. */
  exclude: string[];
  /** For the provider: source sentences not to build on again (where the provider reported them). */
  excludeSources: string[];
  /** For validation and the preview: whether a new question repeats one of these. */
  repeats: (q: Question) => boolean;
  /** What the user reads when no question is left that is not a repeat (else the pipeline's own words for Regenerate). */
  nothingNew?: (topic: string) => string;
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.max(a.size, b.size);
}

/** Earlier questions as exclusions (a test's, at most 200, or the assigned tests' a generation avoids, at most 100 tests: each check is bounded). */
export function previousQuestions(questions: Question[], nothingNew?: (topic: string) => string): PreviousQuestions {
  const stems = new Set(questions.map((q) => normalise(q.question)));
  const sources = new Set(questions.flatMap((q) => (q.source ? [normalise(q.source)] : [])));
  const words = questions.map((q) => new Set(contentWords(q.question)));
  return {
    ...(nothingNew && { nothingNew }),
    exclude: questions.map((q) => q.question),
    excludeSources: questions.flatMap((q) => (q.source ? [q.source] : [])),
    repeats: (q) => {
      if (stems.has(normalise(q.question))) return true;
      if (q.source && sources.has(normalise(q.source))) return true;
      const mine = new Set(contentWords(q.question));
      return words.some((w) => overlap(mine, w) >= SAME_STEM);
    },
  };
}
