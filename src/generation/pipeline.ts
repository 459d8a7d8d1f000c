import type { Db } from "../core/db.ts";
import { AppError } from "../core/errors.ts";
import type { PageUnit } from "../materials/formats/types.ts";
import { searchChunks } from "../materials/search.ts";
import type { Difficulty, PageText, Passage, Provider, Question, QuestionType } from "./providers/types.ts";
import { spreadAnswerPositions } from "./answer-positions.ts";
import type { PreviousQuestions } from "./repeats.ts";
import { checkItem, type ValidationContext } from "./validate.ts";

export interface PipelineInput {
  hash: string;
  pageCount: number;
  /** What the document's pages are (a PDF's pages, slides or sections), as questions cite them. */
  pageUnit?: PageUnit;
  topic: string;
  difficulty: Difficulty;
  count: number;
  types: QuestionType[];
  seed: number;
  /** Regenerate: the previous version's questions, none of which may come back. */
  previous?: PreviousQuestions;
}

export interface PipelineControl {
  signal?: AbortSignal;
  progress?: (done: number, total: number) => Promise<void> | void;
  log?: { debug(obj: object, msg: string): void };
}

/** Questions per request to a language model: small enough to answer well, large enough to be quick. */
const BATCH = 10;
/** Rounds of asking again for what validation refused. */
const REPAIR_ROUNDS = 2;
const CONCURRENCY = 2;
const PASSAGE_TOKENS = 1000;

/** Runs tasks with at most `limit` at once. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Turns a document and a topic into up to `count` validated questions: retrieval of the topic's
 * passages, batches sized to the provider's context, validation of every item, and asking again for
 * what failed. When the material grounds only some of them the caller gets those (it tells the
 * student how many of how many); it fails with a reason only when none pass. Multiple-choice answers
 * are then moved to seeded, evenly spread positions, whatever the provider did.
 */
export async function runPipeline(db: Db, provider: Provider, input: PipelineInput, control: PipelineControl = {}): Promise<Question[]> {
  const passages: Passage[] = (await searchChunks(db, input.hash, input.topic, { mode: "any", limit: 60 })).map((p) => ({ page: p.page, text: p.text }));
  if (!passages.length) throw new AppError(422, `The topic "${input.topic}" does not appear in this study material.`);

  const rows: (PageText & { ocr: unknown })[] = await db("document_pages").where({ hash: input.hash }).orderBy("page").select("page", "text", "ocr");
  // SQLite keeps booleans as 0 and 1.
  const allPages: PageText[] = rows.map(({ page, text, ocr }) => (ocr ? { page, text, ocr: true } : { page, text }));
  const pages = async () => allPages;
  const pageTexts = new Map(allPages.map((p) => [p.page, p.text]));

  const perRequest = Math.max(2, Math.min(passages.length, Math.floor((provider.contextTokens * 0.5) / PASSAGE_TOKENS)));
  const batchSize = provider.name === "builtin" ? input.count : BATCH;
  const ctx: ValidationContext = {
    pageCount: input.pageCount,
    pageText: (p) => pageTexts.get(p),
    types: input.types,
    grounding: provider.name === "builtin" ? "literal" : "overlap",
    seen: new Set(),
    repeats: input.previous?.repeats,
  };
  const accepted: Question[] = [];
  let request = 0;

  for (let round = 0; round <= REPAIR_ROUNDS && accepted.length < input.count; round++) {
    const missing = input.count - accepted.length;
    const sizes = Array.from({ length: Math.ceil(missing / batchSize) }, (_, i) => Math.min(batchSize, missing - i * batchSize));
    const tasks = sizes.map((size) => {
      const index = request++;
      // Each request sees a different window of the passages, so batches cover more of the topic.
      const start = (index * perRequest) % passages.length;
      const window = [...passages.slice(start), ...passages.slice(0, start)].slice(0, perRequest);
      return async () => {
        control.signal?.throwIfAborted();
        const raw = await provider.generate({
          topic: input.topic,
          difficulty: input.difficulty,
          count: size,
          types: input.types,
          passages: window,
          document: { pageCount: input.pageCount, pages, unit: input.pageUnit },
          exclude: [...(input.previous?.exclude ?? []), ...accepted.map((q) => q.question)],
          // A repair round asks for sentences the kept questions were not written from ("What is a factor?" kept,
          // then "True or false: A factor is …" from the same sentence).
          excludeSources: [...(input.previous?.excludeSources ?? []), ...accepted.flatMap((q) => (q.source ? [q.source] : []))],
          seed: input.seed + index,
          signal: control.signal,
        });
        let kept = 0;
        for (const item of raw) {
          if (accepted.length >= input.count || kept >= size) break;
          const checked = checkItem(item, ctx);
          if (checked.ok) {
            accepted.push(checked.question);
            kept++;
          } else control.log?.debug({ reason: checked.reason }, "generated item refused");
        }
        await control.progress?.(Math.min(accepted.length, input.count), input.count);
      };
    });
    await inBatches(tasks, provider.name === "builtin" ? 1 : CONCURRENCY);
  }
  if (!accepted.length) {
    throw new AppError(
      422,
      input.previous?.nothingNew
        ? input.previous.nothingNew(input.topic)
        : input.previous
        ? `No new questions about "${input.topic}" could be written: the previous version already asks what this study material says about it. Try a broader topic.`
        : `Only 0 of ${input.count} questions about "${input.topic}" could be written from this study material. Try a broader topic or fewer questions.`,
    );
  }
  return spreadAnswerPositions(accepted.slice(0, input.count), input.seed);
}
