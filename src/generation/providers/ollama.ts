import { Ollama } from "ollama";
import { createChatProvider } from "./chat-provider.ts";
import type { RetryPolicy } from "./retry.ts";
import { displayUrl } from "./service-errors.ts";
import type { Provider } from "./types.ts";

export const OLLAMA_DEFAULT_CONTEXT_TOKENS = 8_000;
/**
 * Room for the instructions and the answer on top of the passages. Ollama's default context window is
 * small and it silently cuts the prompt's start to fit, so the window is always set explicitly.
 */
const PROMPT_AND_OUTPUT_TOKENS = 4_096;

export interface OllamaProviderOptions extends Omit<RetryPolicy, "timeoutMs"> {
  host: string;
  model: string;
  timeoutMs: number;
  /** Tokens of passages per request; the model's window is set to this plus room for the rest. */
  contextTokens?: number;
}

/** Ollama before 0.5 takes only format "json" and refuses a schema object while decoding the request. */
function rejectsSchema(status: number, message: string): boolean {
  return status === 400 && /format/i.test(message);
}

export function createOllamaProvider(opts: OllamaProviderOptions): Provider {
  const contextTokens = opts.contextTokens ?? OLLAMA_DEFAULT_CONTEXT_TOKENS;
  return createChatProvider(
    {
      name: "ollama",
      contextTokens,
      service: {
        url: displayUrl(opts.host),
        model: opts.model,
        missingModelHint: `Download it on that machine with: ollama pull ${opts.model}`,
      },
      rejectsSchema,
      async send({ messages, mode, schema, seed }, attempt) {
        // The client takes no per-request signal when not streaming; a client per try carries it in its fetch.
        const client = new Ollama({ host: opts.host, fetch: attempt.fetch });
        const response = await client.chat({
          model: opts.model,
          messages,
          stream: false,
          format: mode === "schema" ? schema : "json",
          options: { num_ctx: contextTokens + PROMPT_AND_OUTPUT_TOKENS, ...(seed === undefined ? {} : { seed }) },
        });
        return response.message.content;
      },
    },
    opts,
  );
}
