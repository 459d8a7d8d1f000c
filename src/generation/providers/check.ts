/**
 * Is the configured AI provider there, with its model? (`studyforge doctor`.) Asks the service for its
 * models through the same official clients generation uses: an OpenAI-compatible server's `/models`,
 * Ollama's `/api/tags`. Nothing is generated, so the check costs no tokens.
 */
import { Ollama } from "ollama";
import OpenAI from "openai";
import type { Config } from "../../core/config.ts";
import { OPENAI_DEFAULT_BASE_URL } from "./openai.ts";
import { classify, displayUrl, toAppError, type Exchange, type ServiceInfo } from "./service-errors.ts";

export interface ProviderCheck {
  ok: boolean;
  detail: string;
  fix?: string;
}

/** A fetch that remembers what it saw (for the error message) and gives up after `timeoutMs`. */
function watchedFetch(timeoutMs: number) {
  const exchange: Exchange = {};
  const signal = AbortSignal.timeout(timeoutMs);
  const fetcher: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, { ...init, signal });
      exchange.response = response;
      if (!response.ok) exchange.errorText = await response.clone().text();
      return response;
    } catch (err) {
      exchange.fetchError = err;
      throw err;
    }
  };
  return { fetcher, exchange, signal };
}

async function listModels(config: Config, fetcher: typeof fetch): Promise<string[]> {
  if (config.llmProvider === "ollama") {
    const { models } = await new Ollama({ host: config.ollamaHost, fetch: fetcher }).list();
    return models.map((m) => m.name);
  }
  // Local servers ignore the key, but the client insists on one.
  const client = new OpenAI({ apiKey: config.openaiApiKey || "studyforge-no-key", baseURL: config.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL, maxRetries: 0, fetch: fetcher });
  const ids: string[] = [];
  for await (const model of client.models.list()) ids.push(model.id);
  return ids;
}

/** Ollama names a model "llama3.2:latest" when asked for "llama3.2". */
const sameModel = (wanted: string, name: string) => name === wanted || (!wanted.includes(":") && name === `${wanted}:latest`);

export async function checkProvider(config: Config, timeoutMs = 10_000): Promise<ProviderCheck> {
  if (config.llmProvider === "builtin") return { ok: true, detail: "the built-in offline generator (no AI service needed)" };
  const ollama = config.llmProvider === "ollama";
  const model = ollama ? config.ollamaModel : config.openaiModel;
  const url = displayUrl(ollama ? config.ollamaHost : (config.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL));
  const service: ServiceInfo = { url, model };
  const name = ollama ? "Ollama" : "OpenAI-compatible server";
  const addressVariable = ollama ? "OLLAMA_HOST" : "OPENAI_BASE_URL";
  const { fetcher, exchange, signal } = watchedFetch(timeoutMs);
  let models: string[];
  try {
    models = await listModels(config, fetcher);
  } catch (err) {
    const failure = classify(err, exchange, signal.aborted);
    const detail = failure ? toAppError(failure, service, timeoutMs, err).message : `${name} at ${url}: ${(err as Error).message}`;
    const fix =
      failure?.kind === "http" && (failure.status === 401 || failure.status === 403)
        ? "set OPENAI_API_KEY to a key this server accepts"
        : `start ${ollama ? "Ollama" : "the OpenAI-compatible server"} at ${url}, or point ${addressVariable} at one that runs (or set LLM_PROVIDER=builtin)`;
    return { ok: false, detail: `${config.llmProvider}: ${detail}`, fix };
  }
  if (!models.some((m) => sameModel(model, m))) {
    const some = models.slice(0, 5).join(", ") || "none";
    return {
      ok: false,
      detail: `${config.llmProvider}: ${name} at ${url} answers but does not have the model "${model}" (it has: ${some})`,
      fix: ollama ? `run \`ollama pull ${model}\` on that machine, or set OLLAMA_MODEL to one it has` : "set OPENAI_MODEL to a model the server lists",
    };
  }
  return { ok: true, detail: `${config.llmProvider}: ${name} at ${url} answers and has the model "${model}"` };
}
