/**
 * How close a distractor is to the answer: the measure behind difficulty. Hard questions get the
 * closest terms of the same kind, easy ones clearly different terms.
 */
export interface TermShape {
  text: string;
  count: number;
  firstPage: number;
  lastPage: number;
}

const trigramCache = new WeakMap<TermShape, Set<string>>();

function trigrams(shape: TermShape): Set<string> {
  let grams = trigramCache.get(shape);
  if (!grams) {
    const text = ` ${shape.text.toLowerCase()} `;
    grams = new Set();
    for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
    trigramCache.set(shape, grams);
  }
  return grams;
}

/** Dice coefficient of character trigrams: "ledger line" and "staff line" share more than "clef". */
function lexicalSimilarity(a: TermShape, b: TermShape): number {
  const ga = trigrams(a);
  const gb = trigrams(b);
  let shared = 0;
  for (const gram of ga) if (gb.has(gram)) shared++;
  return (2 * shared) / (ga.size + gb.size || 1);
}

function ratio(a: number, b: number): number {
  return Math.min(a, b) / (Math.max(a, b) || 1);
}

/** Years and other numbers: close when near in value. */
export function numericCloseness(answer: number, candidate: number, isYear: boolean): number {
  const scale = isYear ? 5 : Math.max(1, Math.abs(answer) * 0.1);
  return 1 / (1 + Math.abs(answer - candidate) / scale);
}

/**
 * 0 (unrelated) to 1 (very close): spelling, length, how common the term is in the document and
 * whether it is used around the same pages as the answer's sentence.
 */
export function closeness(answer: TermShape, candidate: TermShape, page: number): number {
  const lexical = lexicalSimilarity(answer, candidate);
  const length = ratio(answer.text.length, candidate.text.length);
  const frequency = Math.max(0, 1 - Math.abs(Math.log(answer.count + 1) - Math.log(candidate.count + 1)) / 3);
  const distance = page < candidate.firstPage ? candidate.firstPage - page : page > candidate.lastPage ? page - candidate.lastPage : 0;
  const location = 1 / (1 + distance / 10);
  return 0.35 * lexical + 0.2 * length + 0.2 * frequency + 0.25 * location;
}
