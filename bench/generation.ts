/**
 * Server time for a 50-question test when the AI provider answers at once (a fake
 * OpenAI-compatible server on loopback): what StudyForge itself adds — retrieval, batching,
 * validation, the job and the database. Target: under 0.5 s.
 */
import { newStudent } from "../tests/helpers/accounts.ts";
import { startFakeOpenAI } from "../tests/helpers/fake-openai.ts";
import { uploadRFaq } from "../tests/helpers/generation.ts";
import { startTestServer } from "../tests/helpers/server.ts";

export async function runGenerationBench(): Promise<string[]> {
  const ai = await startFakeOpenAI();
  const server = await startTestServer({ OPENAI_BASE_URL: ai.url });
  try {
    const { c } = await newStudent(server.url);
    const fileId = await uploadRFaq(c);
    await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 5 }); // warm up
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await c.post("/gpt/generate", { file_id: fileId, topic: "packages", count: 50 });
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`generation failed: ${JSON.stringify(res.body)}`);
    }
    times.sort((a, b) => a - b);
    const median = times[2]! / 1000;
    return [
      `generation, 50 questions, fake provider answering at once (median of 5): ${median.toFixed(3)} s   target < 0.5 s   ${median < 0.5 ? "OK" : "MISSED"}`,
      `  runs: ${times.map((t) => (t / 1000).toFixed(3)).join(", ")} s; requests to the provider per test: ${Math.ceil(50 / 10)}+`,
    ];
  } finally {
    await server.close();
    await ai.close();
  }
}

if (import.meta.main) for (const line of await runGenerationBench()) console.log(line);
