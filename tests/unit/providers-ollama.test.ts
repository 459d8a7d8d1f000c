import { Ollama } from "ollama";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOllamaProvider } from "../../src/generation/providers/ollama.ts";
import { FAKE_OLLAMA_VERSION, reply, startFakeOllama } from "../helpers/fake-ollama.ts";
import type { FakeAIServer } from "../helpers/fake-ollama.ts";
import { FAST, failure, providerContract, sampleRequest, withServer } from "../helpers/provider-contract.ts";

describe("Ollama provider", () => {
  providerContract({
    start: (opts) => startFakeOllama(opts),
    create: (host, model, tuning) => createOllamaProvider({ host, model, ...FAST, ...tuning }),
    schemaSent: (req) => {
      expect(req.stream).toBe(false);
      return req.body.format;
    },
  });

  describe("Ollama specifics", () => {
    let ai: FakeAIServer;
    beforeEach(async () => {
      ai = await startFakeOllama();
    });
    afterEach(() => ai.close());

    it("sets the context window to the passage budget plus room for the rest, and passes the seed", async () => {
      const provider = createOllamaProvider({ host: ai.url, model: "llama3.2", ...FAST, contextTokens: 6_000 });
      expect(provider).toMatchObject({ name: "ollama", model: "llama3.2", contextTokens: 6_000 });
      await provider.generate(sampleRequest({ seed: 42 }));
      expect(ai.requests[0]?.body.options).toEqual({ num_ctx: 6_000 + 4_096, seed: 42 });
      expect(createOllamaProvider({ host: ai.url, model: "m", timeoutMs: 1_000 }).contextTokens).toBe(8_000);
    });

    it('falls back to format "json" for good on an Ollama too old for schemas', () =>
      withServer(startFakeOllama({ structuredFormat: false }), async (old) => {
        const provider = createOllamaProvider({ host: old.url, model: "llama3.2", ...FAST });
        expect(await provider.generate(sampleRequest())).toHaveLength(3);
        expect(await provider.generate(sampleRequest())).toHaveLength(3);
        const formats = old.requests.map((r) => (typeof r.body.format === "object" ? "schema" : r.body.format));
        expect(formats).toEqual(["schema", "json", "json"]);
      }));

    it("tells how to download a missing model", () =>
      withServer(startFakeOllama({ models: ["mistral"] }), async (bare) => {
        const provider = createOllamaProvider({ host: bare.url, model: "llama3.2", ...FAST });
        expect((await failure(provider.generate(sampleRequest()))).detail).toBe(
          `The AI service at ${bare.url} does not have the model "llama3.2". ` +
            "Download it on that machine with: ollama pull llama3.2",
        );
      }));

    it("speaks the real wire protocol, NDJSON streaming included", async () => {
      const client = new Ollama({ host: ai.url });
      expect(await client.version()).toEqual({ version: FAKE_OLLAMA_VERSION });
      expect((await client.list()).models[0]).toMatchObject({ name: "llama3.2:latest" });

      const prompt = 'Write exactly 2 questions.\n<passage page="4">\nThe heart pumps blood through the arteries.\n</passage>';
      const messages = [{ role: "user", content: prompt }];
      const plain = await client.chat({ model: "llama3.2", messages, stream: false });
      expect(plain).toMatchObject({ model: "llama3.2", done: true, done_reason: "stop", message: { role: "assistant" } });

      let content = "";
      let last: { done: boolean; eval_count?: number } | undefined;
      for await (const part of await client.chat({ model: "llama3.2", messages, stream: true })) {
        content += part.message.content;
        last = part;
      }
      expect(content).toBe(plain.message.content);
      expect(last).toMatchObject({ done: true });
      expect(last?.eval_count).toBeGreaterThan(0);
      expect(ai.requests.map((r) => r.stream)).toEqual([false, true]);
    });

    it("answers scripted errors in Ollama's error shape", async () => {
      ai.script(reply.serverError());
      const err = await failure(new Ollama({ host: ai.url }).chat({ model: "m", messages: [] }));
      expect(err).toMatchObject({ name: "ResponseError", status_code: 500 });
      expect(err.message).toBe("The server had an error while processing your request.");
    });
  });
});
