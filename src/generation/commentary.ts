/**
 * A short JSON answer from the configured chat model, for features that want a few words about figures
 * they computed (study insights), not questions. The same clients, time limit handling and error
 * messages as generation; one try, because a caller waiting on a page has a plain fallback.
 */
import { Ollama } from "ollama";
import OpenAI from "openai";
import type { AppContext } from "../core/context.ts";
import type { ChatMessage } from "./prompts.ts";
import { OPENAI_DEFAULT_BASE_URL } from "./providers/openai.ts";
import { withRetries } from "./providers/retry.ts";
import { displayUrl } from "./providers/service-errors.ts";

export interface CommentaryOptions {
  /** Time limit of the request; never longer than LLM_TIMEOUT_S. */
  timeoutMs: number;
  /** Output tokens at most. */
  maxTokens: number;
  signal?: AbortSignal;
}

/** Whether a language model is configured (the built-in provider writes no prose). */
export const hasLanguageModel = (app: AppContext) => app.config.llmProvider !== "builtin";

/** The model that would answer, for cache keys and logs. */
export const commentaryModel = (app: AppContext) =>
  app.config.llmProvider === "openai" ? app.config.openaiModel : app.config.llmProvider === "ollama" ? app.config.ollamaModel : "builtin";

function parseObject(content: string | null | undefined): unknown {
  if (typeof content !== "string") return undefined;
  try {
    return JSON.parse(content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1"));
  } catch {
    return undefined;
  }
}

/**
 * Sends `messages` asking for one JSON object and returns it parsed (undefined when the text is not JSON).
 * Throws an AppError (502/504) when the service fails; returns undefined at once without a language model.
 */
export async function writeCommentary(app: AppContext, messages: ChatMessage[], opts: CommentaryOptions): Promise<unknown> {
  const { config } = app;
  if (!hasLanguageModel(app)) return undefined;
  const timeoutMs = Math.min(opts.timeoutMs, config.llmTimeoutS * 1000);
  const policy = { timeoutMs, tries: 1 };
  if (config.llmProvider === "openai") {
    const baseURL = config.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL;
    const content = await withRetries({ url: displayUrl(baseURL), model: config.openaiModel }, policy, opts.signal, async (attempt) => {
      const client = new OpenAI({ apiKey: config.openaiApiKey || "studyforge-no-key", baseURL, maxRetries: 0, timeout: timeoutMs * 2 + 60_000, fetch: attempt.fetch });
      const completion = await client.chat.completions.create({
        model: config.openaiModel,
        messages,
        response_format: { type: "json_object" },
        max_completion_tokens: opts.maxTokens,
      });
      return completion.choices[0]?.message.content;
    });
    return parseObject(content);
  }
  const content = await withRetries({ url: displayUrl(config.ollamaHost), model: config.ollamaModel }, policy, opts.signal, async (attempt) => {
    const client = new Ollama({ host: config.ollamaHost, fetch: attempt.fetch });
    const response = await client.chat({ model: config.ollamaModel, messages, stream: false, format: "json", options: { num_predict: opts.maxTokens, num_ctx: 8192 } });
    return response.message.content;
  });
  return parseObject(content);
}
