import type { AppContext } from "../../core/context.ts";
import type { Config } from "../../core/config.ts";
import { metricsOf } from "../../core/metrics.ts";
import { shared } from "../../core/shared.ts";
import { createBuiltinProvider } from "./builtin/index.ts";
import { createOllamaProvider } from "./ollama.ts";
import { meteredProvider } from "./metered.ts";
import { createOpenAIProvider } from "./openai.ts";
import type { Provider } from "./types.ts";

export function createProvider(config: Config): Provider {
  const timeoutMs = config.llmTimeoutS * 1000;
  switch (config.llmProvider) {
    case "openai":
      return createOpenAIProvider({ apiKey: config.openaiApiKey, baseURL: config.openaiBaseUrl, model: config.openaiModel, timeoutMs });
    case "ollama":
      return createOllamaProvider({ host: config.ollamaHost, model: config.ollamaModel, timeoutMs });
    default:
      return createBuiltinProvider();
  }
}

/**
 * The configured provider, one per process (it remembers, e.g., that a server lacks json_schema), its
 * calls timed and failures counted for GET /metrics.
 */
export function providerFor(app: AppContext): Provider {
  return shared(app, "provider", () => meteredProvider(createProvider(app.config), metricsOf(app)), async () => undefined);
}
