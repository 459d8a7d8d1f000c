/**
 * A fake OpenAI-compatible server on loopback: POST /v1/chat/completions (plain and streamed as
 * server-sent events) and GET /v1/models, with the real response shapes. Point the real client, or
 * StudyForge with OPENAI_BASE_URL, at `url`.
 *
 *   const ai = await startFakeOpenAI();
 *   ai.script(reply.rateLimit(1), reply.malformed());  // then grounded answers again
 *   … createOpenAIProvider({ baseURL: ai.url, model: "gpt-fake", timeoutMs: 1000 }) …
 *   expect(ai.requests[0]?.body.response_format).toMatchObject({ type: "json_schema" });
 *   await ai.close();
 */
import { randomUUID } from "node:crypto";
import type http from "node:http";
import { pieces, sendJson, startFakeAI, tokens } from "./fake-ai-server.ts";
import type { FakeAIServer, RecordedRequest, Reply } from "./fake-ai-server.ts";

export { reply, unusedPort } from "./fake-ai-server.ts";
export type { FakeAIServer, RecordedRequest, Reply, Scripted } from "./fake-ai-server.ts";

export interface FakeOpenAIOptions {
  /** Models the server has; a request for another answers 404 model_not_found. Unset: any model. */
  models?: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` answer 401. */
  apiKey?: string;
  /** false: refuse response_format json_schema with a 400, as vLLM and llama.cpp builds without it do. */
  jsonSchema?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);

function openAIError(status: number, message: string) {
  const type = status === 401 ? "invalid_request_error" : status === 429 ? "requests" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: status === 404 ? "model_not_found" : null } };
}

function refuse(req: RecordedRequest, opts: FakeOpenAIOptions): Reply | undefined {
  if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
    return { kind: "error", status: 401, message: "Incorrect API key provided." };
  }
  if (opts.models && !opts.models.includes(req.model ?? "")) {
    return { kind: "error", status: 404, message: `The model \`${req.model}\` does not exist or you do not have access to it.` };
  }
  const format = req.body.response_format as { type?: string } | undefined;
  if (opts.jsonSchema === false && format?.type === "json_schema") {
    return {
      kind: "error",
      status: 400,
      message: 'response_format type must be one of "text" or "json_object", but got: json_schema',
    };
  }
  return undefined;
}

function writeAnswer(res: http.ServerResponse, req: RecordedRequest, content: string) {
  const id = `chatcmpl-${randomUUID()}`;
  const base = { id, created: now(), model: req.model ?? "fake", system_fingerprint: "fp_fake" };
  const usage = {
    prompt_tokens: tokens(req.prompt),
    completion_tokens: tokens(content),
    total_tokens: tokens(req.prompt) + tokens(content),
  };
  if (!req.stream) {
    return sendJson(res, 200, {
      ...base,
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage,
    });
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const event = (choices: unknown[], extra: object = {}) =>
    res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices, ...extra })}\n\n`);
  const delta = (d: object, finish: string | null = null) => [{ index: 0, delta: d, logprobs: null, finish_reason: finish }];
  event(delta({ role: "assistant", content: "", refusal: null }));
  for (const piece of pieces(content)) event(delta({ content: piece }));
  event(delta({}, "stop"));
  const streamOptions = req.body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage) event([], { usage });
  res.end("data: [DONE]\n\n");
}

export function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeAIServer> {
  return startFakeAI({
    basePath: "/v1",
    chatPath: "/v1/chat/completions",
    getRoutes: {
      "/v1/models": () => ({
        object: "list",
        data: (opts.models ?? ["gpt-fake"]).map((id) => ({ id, object: "model", created: now(), owned_by: "studyforge-tests" })),
      }),
    },
    wantsStream: (body) => body.stream === true,
    refuse: (req) => refuse(req, opts),
    errorBody: openAIError,
    writeAnswer,
  });
}
