import OpenAI from "openai";
import { OUTPUT_SCHEMA_NAME } from "../prompts.ts";
import { createChatProvider } from "./chat-provider.ts";
import type { RetryPolicy } from "./retry.ts";
import { displayUrl } from "./service-errors.ts";
import type { Provider } from "./types.ts";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const OPENAI_DEFAULT_CONTEXT_TOKENS = 32_000;
/** The client insists on a key; local servers (vLLM, llama.cpp, LM Studio) ignore it. */
const PLACEHOLDER_KEY = "studyforge-no-key";

export interface OpenAIProviderOptions extends Omit<RetryPolicy, "timeoutMs"> {
  apiKey?: string;
  /** Any OpenAI-compatible server; the client's default (api.openai.com) when unset. */
  baseURL?: string;
  model: string;
  timeoutMs: number;
  contextTokens?: number;
}

/**
 * vLLM, llama.cpp and older servers refuse response_format json_schema with a 400 (422 from some
 * FastAPI-based ones) naming the parameter; then JSON mode still works.
 */
function rejectsSchema(status: number, message: string): boolean {
  return (status === 400 || status === 422) && /response_format|json_schema|structured output/i.test(message);
}

export function createOpenAIProvider(opts: OpenAIProviderOptions): Provider {
  const baseURL = opts.baseURL ?? OPENAI_DEFAULT_BASE_URL;
  return createChatProvider(
    {
      name: "openai",
      contextTokens: opts.contextTokens ?? OPENAI_DEFAULT_CONTEXT_TOKENS,
      service: { url: displayUrl(baseURL), model: opts.model },
      rejectsSchema,
      async send({ messages, mode, schema, seed }, attempt) {
        // A client per try: it is cheap, and it lets each try carry its own fetch (time limit, evidence).
        const client = new OpenAI({
          apiKey: opts.apiKey || PLACEHOLDER_KEY,
          baseURL,
          maxRetries: 0,
          // Ours (attempt.signal) ends the request; the client's must never fire first.
          timeout: opts.timeoutMs * 2 + 60_000,
          fetch: attempt.fetch,
        });
        const completion = await client.chat.completions.create({
          model: opts.model,
          messages,
          seed,
          response_format:
            mode === "schema"
              ? { type: "json_schema", json_schema: { name: OUTPUT_SCHEMA_NAME, strict: true, schema } }
              : { type: "json_object" },
        });
        return completion.choices[0]?.message.content;
      },
    },
    opts,
  );
}
