/**
 * The part the fake OpenAI and Ollama servers share: a loopback HTTP server, the script of replies,
 * the record of requests and the default grounded answer. Each protocol module only says how its wire
 * format looks (paths, bodies, streaming framing, refusals a real server makes).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Question } from "../../src/generation/providers/types.ts";
import { answerPrompt } from "./grounded-questions.ts";

export interface SeenMessage {
  role: string;
  content: string;
}

/** One chat request as the fake received it. */
export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  model: string | undefined;
  messages: SeenMessage[];
  stream: boolean;
  /** Every message's content joined: what to search when asserting on the prompt. */
  prompt: string;
}

/** What the fake does with one chat request. */
export type Reply =
  | { kind: "grounded"; edit?: (items: Question[]) => unknown[] }
  | { kind: "questions"; questions: unknown[] }
  | { kind: "content"; content: string }
  | { kind: "error"; status: number; message: string; headers?: Record<string, string> }
  | { kind: "hang" };

/** A reply, or a function choosing one from the request. */
export type Scripted = Reply | ((req: RecordedRequest) => Reply);

const grounded = (edit?: (items: Question[]) => unknown[]): Reply => ({ kind: "grounded", edit });
const error = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  kind: "error",
  status,
  message,
  headers,
});

/** Replies to script, by what a test wants to see. */
export const reply = {
  /** Valid questions from the request's passages, as many as the prompt asks for (the default). */
  grounded,
  /** Exactly these items as `{"questions": items}`. */
  questions: (questions: unknown[]): Reply => ({ kind: "questions", questions }),
  /** This text as the assistant's content, verbatim. */
  content: (content: string): Reply => ({ kind: "content", content }),
  /** JSON cut off in the middle, as a model that ran out of tokens writes it. */
  malformed: (): Reply => ({ kind: "content", content: '{"questions": [{"question": "Which organelle' }),
  /** Grounded items whose answer is none of their options. */
  answerNotInOptions: (): Reply =>
    grounded((items) => items.map((q) => (q.options.length > 0 ? { ...q, answer: "Not one of the options" } : q))),
  /** Grounded items, each given twice (the count stays as asked). */
  duplicates: (): Reply => grounded((items) => items.map((_, i) => items[Math.floor(i / 2)])),
  /** Only the first `n` grounded items. */
  tooFew: (n = 1): Reply => grounded((items) => items.slice(0, n)),
  /** An error answer in the protocol's own error shape. */
  error,
  /** 429, with Retry-After in seconds when given. */
  rateLimit: (retryAfterS?: number): Reply =>
    error(429, "Rate limit reached. Please try again later.", retryAfterS === undefined ? {} : { "retry-after": String(retryAfterS) }),
  serverError: (status = 500): Reply => error(status, "The server had an error while processing your request."),
  /** Never answers; the connection stays open until the client gives up or the fake closes. */
  hang: (): Reply => ({ kind: "hang" }),
};

/** How one wire protocol looks. */
export interface WireProtocol {
  /** Prefix of every path (OpenAI: /v1); the fake's `url` ends with it. */
  basePath: string;
  chatPath: string;
  /** Other GET endpoints and their JSON bodies. */
  getRoutes: Record<string, () => unknown>;
  /** Whether a chat body asks for streaming (OpenAI: only when stream is true; Ollama: unless it is false). */
  wantsStream(body: Record<string, unknown>): boolean;
  /** A refusal the real server would make before doing any work (auth, unknown model, unsupported format). */
  refuse?(req: RecordedRequest): Reply | undefined;
  errorBody(status: number, message: string): unknown;
  /** Writes a successful answer with this content, streamed or not as the request asked. */
  writeAnswer(res: http.ServerResponse, req: RecordedRequest, content: string): void;
}

export interface FakeAIServer {
  /** The base URL to give the client (OpenAI: ends in /v1). */
  url: string;
  /** Chat requests received, oldest first. */
  requests: RecordedRequest[];
  /** Queues replies for the next chat requests, one each; once the queue is empty, grounded answers. */
  script(...replies: Scripted[]): void;
  /** Forgets the replies still queued. */
  reset(): void;
  close(): Promise<void>;
}

/** Rough token count for usage figures: about four characters a token. */
export const tokens = (text: string) => Math.ceil(text.length / 4);

/** Splits content into small pieces, as a model streams it. */
export function pieces(content: string, size = 24): string[] {
  const out: string[] = [];
  for (let i = 0; i < content.length; i += size) out.push(content.slice(i, i + size));
  return out;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function record(req: http.IncomingMessage, path: string, body: Record<string, unknown>, stream: boolean): RecordedRequest {
  const messages = Array.isArray(body.messages)
    ? (body.messages as { role?: unknown; content?: unknown }[]).map((m) => ({
        role: String(m.role),
        content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
      }))
    : [];
  return {
    path,
    headers: req.headers,
    body,
    model: typeof body.model === "string" ? body.model : undefined,
    messages,
    stream,
    prompt: messages.map((m) => m.content).join("\n"),
  };
}

function contentOf(r: Extract<Reply, { kind: "grounded" | "questions" | "content" }>, req: RecordedRequest): string {
  if (r.kind === "content") return r.content;
  if (r.kind === "questions") return JSON.stringify({ questions: r.questions });
  const items = answerPrompt(req.prompt);
  return JSON.stringify({ questions: r.edit ? r.edit(items) : items });
}

/** Starts a fake speaking `protocol` on 127.0.0.1 at a random port. */
export async function startFakeAI(protocol: WireProtocol): Promise<FakeAIServer> {
  const queue: Scripted[] = [];
  const requests: RecordedRequest[] = [];

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname.replace(/\/$/, "");
    const route = req.method === "GET" ? protocol.getRoutes[path] : undefined;
    if (route) return sendJson(res, 200, route());
    if (req.method !== "POST" || path !== protocol.chatPath) {
      return sendJson(res, 404, protocol.errorBody(404, `${req.method} ${path} not found`));
    }
    let body: Record<string, unknown>;
    try {
      body = await readBody(req);
    } catch {
      return sendJson(res, 400, protocol.errorBody(400, "The request body is not valid JSON."));
    }
    const seen = record(req, path, body, protocol.wantsStream(body));
    requests.push(seen);
    const next = protocol.refuse?.(seen) ?? queue.shift() ?? reply.grounded();
    const r = typeof next === "function" ? next(seen) : next;
    if (r.kind === "hang") return; // the socket stays open until the client aborts or close() ends it
    if (r.kind === "error") return sendJson(res, r.status, protocol.errorBody(r.status, r.message), r.headers);
    protocol.writeAnswer(res, seen, contentOf(r, seen));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, protocol.errorBody(500, String(err)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${protocol.basePath}`,
    requests,
    script: (...replies) => void queue.push(...replies),
    reset: () => void queue.splice(0),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A loopback port nobody listens on (bound, then released), for "connection refused". */
export async function unusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
