import { AppError } from "../../../core/errors.ts";
import type { Provider } from "../types.ts";
import { generateQuestions } from "./generate.ts";

export { suggestTopics, topicOccurs } from "./topics.ts";

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
    generate: (req) => generateQuestions(req),
    generateFree: async () => {
      throw new AppError(422, "Generating without study material needs an AI provider.");
    },
  };
}
