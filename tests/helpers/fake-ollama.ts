/**
 * A fake Ollama server on loopback: POST /api/chat (one JSON object, or NDJSON lines when streaming,
 * which is Ollama's default), GET /api/tags and GET /api/version, with the real response shapes.
 * Scripted like the fake OpenAI server:
 *
 *   const ai = await startFakeOllama({ models: ["llama3.2"] });
 *   ai.script(reply.serverError(), reply.questions([...]));
 *   … createOllamaProvider({ host: ai.url, model: "llama3.2", timeoutMs: 1000 }) …
 *   expect(ai.requests[0]?.body.format).toEqual(QUESTIONS_JSON_SCHEMA);
 */
import type http from "node:http";
import { pieces, sendJson, startFakeAI, tokens } from "./fake-ai-server.ts";
import type { FakeAIServer, RecordedRequest, Reply } from "./fake-ai-server.ts";

export { reply, unusedPort } from "./fake-ai-server.ts";
export type { FakeAIServer, RecordedRequest, Reply, Scripted } from "./fake-ai-server.ts";

export interface FakeOllamaOptions {
  /** Models pulled on this server; a request for another answers 404. Unset: any model. */
  models?: string[];
  /** false: behave like Ollama before 0.5, which takes only format "json" and refuses a schema object. */
  structuredFormat?: boolean;
}

export const FAKE_OLLAMA_VERSION = "0.12.6";

/** Ollama names a model without a tag by its ":latest" tag. */
const tagged = (name: string) => (name.includes(":") ? name : `${name}:latest`);

function refuse(req: RecordedRequest, opts: FakeOllamaOptions): Reply | undefined {
  if (opts.models && !opts.models.map(tagged).includes(tagged(req.model ?? ""))) {
    return { kind: "error", status: 404, message: `model "${req.model}" not found, try pulling it first` };
  }
  if (opts.structuredFormat === false && typeof req.body.format === "object" && req.body.format !== null) {
    return {
      kind: "error",
      status: 400,
      message: "json: cannot unmarshal object into Go struct field ChatRequest.format of type string",
    };
  }
  return undefined;
}

/** The timing fields Ollama adds to its last line, in nanoseconds. */
function stats(req: RecordedRequest, content: string) {
  return {
    done_reason: "stop",
    done: true,
    total_duration: 1_200_000_000,
    load_duration: 50_000_000,
    prompt_eval_count: tokens(req.prompt),
    prompt_eval_duration: 300_000_000,
    eval_count: tokens(content),
    eval_duration: 850_000_000,
  };
}

function writeAnswer(res: http.ServerResponse, req: RecordedRequest, content: string) {
  const line = (text: string) => ({
    model: req.model ?? "fake",
    created_at: new Date().toISOString(),
    message: { role: "assistant", content: text },
  });
  if (!req.stream) return sendJson(res, 200, { ...line(content), ...stats(req, content) });
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  for (const piece of pieces(content)) res.write(`${JSON.stringify({ ...line(piece), done: false })}\n`);
  res.end(`${JSON.stringify({ ...line(""), ...stats(req, content) })}\n`);
}

export function startFakeOllama(opts: FakeOllamaOptions = {}): Promise<FakeAIServer> {
  return startFakeAI({
    basePath: "",
    chatPath: "/api/chat",
    getRoutes: {
      "/api/version": () => ({ version: FAKE_OLLAMA_VERSION }),
      "/api/tags": () => ({
        models: (opts.models ?? ["llama3.2"]).map((name) => ({
          name: tagged(name),
          model: tagged(name),
          modified_at: new Date().toISOString(),
          size: 2_019_393_189,
          digest: "a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72",
          details: { parent_model: "", format: "gguf", family: "llama", families: ["llama"], parameter_size: "3.2B", quantization_level: "Q4_K_M" },
        })),
      }),
    },
    wantsStream: (body) => body.stream !== false,
    refuse: (req) => refuse(req, opts),
    errorBody: (_status, message) => ({ error: message }),
    writeAnswer,
  });
}
