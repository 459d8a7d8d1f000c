import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QUESTIONS_JSON_SCHEMA } from "../../src/generation/prompts.ts";
import { createOpenAIProvider } from "../../src/generation/providers/openai.ts";
import { reply, startFakeOpenAI } from "../helpers/fake-openai.ts";
import type { FakeAIServer } from "../helpers/fake-openai.ts";
import { FAST, failure, providerContract, sampleRequest, withServer } from "../helpers/provider-contract.ts";

describe("OpenAI provider", () => {
  providerContract({
    start: (opts) => startFakeOpenAI(opts),
    create: (baseURL, model, tuning) => createOpenAIProvider({ baseURL, model, ...FAST, ...tuning }),
    schemaSent: (req) => {
      const format = req.body.response_format as { type: string; json_schema: { strict: boolean; schema: unknown } };
      expect(format.type).toBe("json_schema");
      expect(format.json_schema.strict).toBe(true);
      return format.json_schema.schema;
    },
  });

  describe("OpenAI specifics", () => {
    let ai: FakeAIServer;
    beforeEach(async () => {
      ai = await startFakeOpenAI();
    });
    afterEach(() => ai.close());

    it("falls back to JSON mode for good once a server refuses json_schema", () =>
      withServer(startFakeOpenAI({ jsonSchema: false }), async (vllm) => {
        const provider = createOpenAIProvider({ baseURL: vllm.url, model: "qwen", ...FAST });
        expect(await provider.generate(sampleRequest())).toHaveLength(3);
        const free = await provider.generateFree({ prompt: "Roman history", count: 1, types: ["short_answer"] });
        expect(free).toHaveLength(1);

        const formats = vllm.requests.map((r) => (r.body.response_format as { type: string }).type);
        expect(formats).toEqual(["json_schema", "json_object", "json_object"]);
        // JSON mode only promises some JSON object: the prompt must say which.
        expect(vllm.requests[1]?.messages[0]?.content).toContain('{"questions": [{"question"');
      }));

    it("sends the API key as a bearer token", () =>
      withServer(startFakeOpenAI({ apiKey: "sk-right" }), async (keyed) => {
        await createOpenAIProvider({ baseURL: keyed.url, apiKey: "sk-right", model: "m", ...FAST }).generate(sampleRequest());
        const wrong = createOpenAIProvider({ baseURL: keyed.url, apiKey: "sk-wrong", model: "m", ...FAST });
        expect((await failure(wrong.generate(sampleRequest()))).detail).toBe("The AI service rejected the API key.");
      }));

    it("sends a placeholder key to local servers that need none", async () => {
      await createOpenAIProvider({ baseURL: ai.url, model: "m", ...FAST }).generate(sampleRequest());
      expect(ai.requests[0]?.headers.authorization).toMatch(/^Bearer \S+/);
    });

    it("has the default context budget, or the one given", () => {
      expect(createOpenAIProvider({ baseURL: ai.url, model: "m", timeoutMs: 1_000 })).toMatchObject({
        name: "openai",
        model: "m",
        contextTokens: 32_000,
      });
      const small = createOpenAIProvider({ baseURL: ai.url, model: "m", timeoutMs: 1_000, contextTokens: 4_000 });
      expect(small.contextTokens).toBe(4_000);
    });

    it("speaks the real wire protocol, streaming included", async () => {
      const client = new OpenAI({ apiKey: "k", baseURL: ai.url, maxRetries: 0 });
      const models = await client.models.list();
      expect(models.data[0]).toMatchObject({ id: "gpt-fake", object: "model" });

      const prompt = 'Write exactly 2 questions.\n<passage page="4">\nThe heart pumps blood through the arteries.\n</passage>';
      const messages = [{ role: "user" as const, content: prompt }];
      const plain = await client.chat.completions.create({ model: "gpt-fake", messages });
      expect(plain).toMatchObject({ object: "chat.completion", model: "gpt-fake", choices: [{ finish_reason: "stop" }] });
      expect(plain.usage?.total_tokens).toBeGreaterThan(0);

      const stream = await client.chat.completions.create({
        model: "gpt-fake",
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      let content = "";
      let usage = 0;
      for await (const chunk of stream) {
        content += chunk.choices[0]?.delta.content ?? "";
        usage = chunk.usage?.total_tokens ?? usage;
      }
      expect(content).toBe(plain.choices[0]?.message.content);
      expect(usage).toBeGreaterThan(0);
      const answer = JSON.parse(content) as { questions: { source_pages: number[] }[] };
      expect(answer.questions.map((q) => q.source_pages)).toEqual([[4], [4]]);
    });

    it("answers scripted errors in OpenAI's error shape", async () => {
      ai.script(reply.error(400, "Bad thing"));
      const client = new OpenAI({ apiKey: "k", baseURL: ai.url, maxRetries: 0 });
      const err = await failure(client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }));
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.message).toBe("400 Bad thing");
    });

    it("is given the one schema: the questions array of the Question type, strict", () => {
      expect(QUESTIONS_JSON_SCHEMA).toMatchObject({ type: "object", required: ["questions"], additionalProperties: false });
      const item = (QUESTIONS_JSON_SCHEMA.properties as { questions: { items: Record<string, unknown> } }).questions.items;
      expect(item.required).toEqual(["question", "type", "options", "answer", "explanation", "source_pages", "accepted_answers"]);
      expect(item.additionalProperties).toBe(false);
      // Keywords OpenAI's strict mode refuses are left out; the pipeline checks them.
      expect(JSON.stringify(QUESTIONS_JSON_SCHEMA)).not.toMatch(/minLength|exclusiveMinimum|\$schema/);
    });
  });
});
