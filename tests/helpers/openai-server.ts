/** The application pointed at a fake AI server (OpenAI-compatible or Ollama), both started and closed together. */
import { startFakeOllama } from "./fake-ollama.ts";
import { startFakeOpenAI, type FakeAIServer } from "./fake-openai.ts";
import { startTestServer, type TestServer } from "./server.ts";

export interface WithFakeAI {
  ai: FakeAIServer;
  server: TestServer;
  close(): Promise<void>;
}

async function startWith(start: () => Promise<FakeAIServer>, env: (url: string) => Record<string, string>): Promise<WithFakeAI> {
  const ai = await start();
  const server = await startTestServer(env(ai.url));
  return {
    ai,
    server,
    async close() {
      await server.close();
      await ai.close();
    },
  };
}

export const startWithFakeOpenAI = (env: Record<string, string> = {}) =>
  startWith(startFakeOpenAI, (url) => ({ OPENAI_BASE_URL: url, OPENAI_MODEL: "gpt-fake", ...env }));

export const startWithFakeOllama = (env: Record<string, string> = {}) =>
  startWith(startFakeOllama, (url) => ({ OLLAMA_HOST: url, OLLAMA_MODEL: "llama3.2", ...env }));
