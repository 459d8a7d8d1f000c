import { AppError } from "../../core/errors.ts";
import { QUESTIONS_JSON_SCHEMA, buildFreeMessages, buildMessages } from "../prompts.ts";
import type { ChatMessage, JsonSchema } from "../prompts.ts";
import { withRetries } from "./retry.ts";
import type { Attempt, RetryPolicy } from "./retry.ts";
import { AIServiceError } from "./service-errors.ts";
import type { ServiceInfo } from "./service-errors.ts";
import type { Provider } from "./types.ts";

/**
 * How the output is constrained: "schema" has the server enforce the JSON schema; "json" only asks for
 * some JSON object (the prompt still spells out the shape), for servers that cannot do schemas.
 */
export type OutputMode = "schema" | "json";

export interface ChatCall {
  messages: ChatMessage[];
  mode: OutputMode;
  schema: JsonSchema;
  seed: number | undefined;
}

/** The part that differs between chat services: how one request is sent with a given client. */
export interface ChatTransport {
  readonly name: "openai" | "ollama";
  readonly contextTokens: number;
  readonly service: ServiceInfo;
  /** Sends one request through `attempt.fetch` and returns the assistant's text. */
  send(call: ChatCall, attempt: Attempt): Promise<string | null | undefined>;
  /** Whether an HTTP refusal says the server cannot constrain output to a JSON schema. */
  rejectsSchema(status: number, message: string): boolean;
}

/** Requests in all when the model's output is not the JSON asked for: sampling again usually mends it. */
const OUTPUT_TRIES = 2;

/** The items of `{"questions": [...]}` (or a bare array), or undefined when the text is not that. */
export function parseQuestions(content: string | null | undefined): unknown[] | undefined {
  if (typeof content !== "string") return undefined;
  // Some local models wrap JSON mode output in a Markdown fence.
  const text = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(parsed)) return parsed;
  const questions = (parsed as { questions?: unknown } | null)?.questions;
  return Array.isArray(questions) ? questions : undefined;
}

/** A Provider over a chat service: prompts, output parsing, the JSON-mode fallback and the retry policy. */
export function createChatProvider(transport: ChatTransport, policy: RetryPolicy): Provider {
  // Once a server has refused schemas it is not asked again: one wasted request per provider, not per call.
  let mode: OutputMode = "schema";

  async function send(messages: ChatMessage[], seed: number | undefined, signal: AbortSignal | undefined) {
    const call = (m: OutputMode) =>
      withRetries(transport.service, policy, signal, (attempt) =>
        transport.send({ messages, mode: m, schema: QUESTIONS_JSON_SCHEMA, seed }, attempt),
      );
    const tried = mode;
    try {
      return await call(tried);
    } catch (err) {
      const refusedSchema =
        tried === "schema" &&
        err instanceof AIServiceError &&
        err.failure.kind === "http" &&
        transport.rejectsSchema(err.failure.status, err.failure.message);
      if (!refusedSchema) throw err;
      mode = "json";
      return call("json");
    }
  }

  async function questions(messages: ChatMessage[], seed: number | undefined, signal: AbortSignal | undefined) {
    for (let round = 1; ; round++) {
      const items = parseQuestions(await send(messages, seed, signal));
      if (items) return items;
      if (round >= OUTPUT_TRIES) throw new AppError(502, "The AI service returned output that is not valid JSON.");
    }
  }

  return {
    name: transport.name,
    model: transport.service.model,
    contextTokens: transport.contextTokens,
    generate: (req) => questions(buildMessages(req), req.seed, req.signal),
    generateFree: (req) => questions(buildFreeMessages(req), undefined, req.signal),
  };
}
