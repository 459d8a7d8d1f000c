import { AppError } from "../../../core/errors.ts";
import { citePages } from "../../../materials/formats/cite.ts";
import type { PageUnit } from "../../../materials/formats/types.ts";
import type { Provider, Question } from "../types.ts";
import { generateQuestions } from "./generate.ts";

export { suggestTopics, topicOccurs } from "./topics.ts";

/**
 * Explanations say where their sentence is, as the document counts its parts: "From slide 4: …" for a
 * presentation (the question forms write "From page N:", as a PDF has it), after a true/false's verdict too
 * ("True. From slide 2: …", "False: the material says … of "rubisco" (slide 3), not … From slide 2: …").
 * The quoted sentence after it is the document's own words, left as they are.
 */
function citedAs(questions: Question[], unit: PageUnit = "page"): Question[] {
  if (unit === "page") return questions;
  const cite = (page: string) => citePages([Number(page)], unit);
  return questions.map((q) => {
    const at = q.explanation.search(/From page \d+: /);
    if (at < 0) return q;
    const verdict = q.explanation.slice(0, at).replace(/\(page (\d+)\)/g, (_, page: string) => `(${cite(page)})`);
    return { ...q, explanation: verdict + q.explanation.slice(at).replace(/^From page (\d+):/, (_, page: string) => `From ${cite(page)}:`) };
  });
}

/**
 * The offline provider: questions written from the document alone, no network and no model.
 * It picks informative sentences about the topic, blanks out a key term and draws distractors from
 * the document's other terms of the same kind.
 */
export function createBuiltinProvider(): Provider {
  return {
    name: "builtin",
    model: "builtin-extractive-1",
    // It reads passages itself, cheaply: the more of the topic it sees, the better it chooses.
    contextTokens: 100_000,
    generate: async (req) => citedAs(await generateQuestions(req), req.document.unit),
    generateFree: async () => {
      throw new AppError(422, "Generating without study material needs an AI provider.");
    },
  };
}
