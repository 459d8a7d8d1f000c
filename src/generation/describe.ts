import type { Config } from "../core/config.ts";

/** Which provider and model this configuration uses, without connecting to it. */
export function describeProvider(config: Config): { name: Config["llmProvider"]; model: string } {
  switch (config.llmProvider) {
    case "openai":
      return { name: "openai", model: config.openaiModel };
    case "ollama":
      return { name: "ollama", model: config.ollamaModel };
    default:
      return { name: "builtin", model: "builtin-extractive-1" };
  }
}
