/** The application pointed at a fake OpenAI-compatible server, both started and closed together. */
import { startFakeOpenAI, type FakeAIServer } from "./fake-openai.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface WithFakeOpenAI {
  ai: FakeAIServer;
  server: TestServer;
  close(): Promise<void>;
}

export async function startWithFakeOpenAI(env: Record<string, string> = {}): Promise<WithFakeOpenAI> {
  const ai = await startFakeOpenAI();
  const server = await startTestServer({ OPENAI_BASE_URL: ai.url, OPENAI_MODEL: "gpt-fake", ...env });
  return {
    ai,
    server,
    async close() {
      await server.close();
      await ai.close();
    },
  };
}
