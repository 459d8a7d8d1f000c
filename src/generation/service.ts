import { randomInt } from "node:crypto";
import type { AppContext, Scope } from "../core/context.ts";
import { concurrencyLimit } from "../core/concurrency.ts";
import { AppError } from "../core/errors.ts";
import { enqueueJob, registerJobHandler, type JobView } from "../core/jobs.ts";
import { holdLease, type HoldOptions } from "../core/leader.ts";
import { RATE_RULES } from "../core/rate-limit.ts";
import { findMaterial, type MaterialRow } from "../materials/policy.ts";
import { pageUnitOf } from "../materials/queries.ts";
import { searchChunks } from "../materials/search.ts";
import { runPipeline } from "./pipeline.ts";
import { previousQuestions, type PreviousQuestions } from "./repeats.ts";
import { resolveParams, type GenerationParams } from "./prompt-parse.ts";
import { suggestTopics } from "./providers/builtin/index.ts";
import { providerFor } from "./providers/index.ts";
import type { Question, QuestionType } from "./providers/types.ts";
import type { GenerateInput, TestInfo } from "./schema.ts";
import { questionsOf } from "./tests-query.ts";
import { checkItem } from "./validate.ts";
import { questionsVersion } from "./version.ts";
import { findTest as findTestFor, type TestUse } from "./policy.ts";

interface GenerateJobParams extends GenerationParams {
  material_id: number;
  seed: number;
  /** Regenerate: the test this one replaces, whose questions and source sentences are not to come back. */
  previous_test_id?: number;
}

interface TestRow {
  id: number;
  user_id: number;
  study_material_id: number | null;
  name: string;
  topic: string;
  difficulty: string;
  count: number;
  question_types: string;
  provider: string;
  model: string;
  seed: number;
  questions: string;
  requested_count: number | null;
  regenerated_from: number | null;
  repeated_count: number | null;
  created_at: string;
}

/** 'vectors' at Medium → 'Vectors (Medium)'. */
export const testName = (topic: string, difficulty: string) => `${topic.charAt(0).toUpperCase()}${topic.slice(1)} (${difficulty})`;

/** Suggests topics the document does cover, for a topic it does not. */
async function topicNotFound(app: AppContext, hash: string, topic: string): Promise<AppError> {
  const pages = await app.db("document_pages").where({ hash }).orderBy("page").select("page", "text");
  return new AppError(422, `The topic "${topic}" does not appear in this study material.`, { extra: { suggestions: suggestTopics(pages, 5) } });
}

/**
 * Checks the request (the file is the caller's, the topic occurs in it) before any work starts,
 * then queues the generation as a durable job.
 */
/** Jobs one student may have waiting or running at once, so nobody can fill the shared queue. */
export const MAX_ACTIVE_JOBS = 3;

const tooManyJobs = () =>
  new AppError(429, `You already have ${MAX_ACTIVE_JOBS} tests being generated. Wait for one to finish before starting another.`, {
    headers: { "Retry-After": "30" },
  });

/** The per-student limit every job that writes a test is queued under (enqueueJob's `limit`). */
export const TEST_JOB_LIMIT = { maxActive: MAX_ACTIVE_JOBS, tooMany: tooManyJobs };

/** What a stored test is made of. */
export interface NewTest {
  study_material_id: number | null;
  name: string;
  topic: string;
  difficulty: string;
  question_types: QuestionType[];
  provider: string;
  model: string;
  seed: number;
  questions: Question[];
  /** How many were asked for, when the material grounded fewer. */
  requested_count?: number;
  /** Regenerate: the test replaced and how many of its questions came back anyway. */
  regenerated_from?: number;
  repeated_count?: number;
}

/** Stores a finished test for the scope's user and returns its id. */
export async function insertTest(scope: Scope, test: NewTest): Promise<{ test_id: number }> {
  const [row] = await scope
    .db("tests")
    .insert({
      ...test,
      user_id: scope.user.id,
      count: test.questions.length,
      requested_count: test.requested_count ?? test.questions.length,
      question_types: JSON.stringify(test.question_types),
      questions: JSON.stringify(test.questions),
      created_at: scope.clock.now().toISOString(),
    })
    .returning("id");
  return { test_id: typeof row === "object" ? row.id : row };
}

/** The caller's material, when the topic occurs in it (else 422 with topics it does cover). */
async function materialWithTopic(scope: Scope, fileId: number, topic: string) {
  const material = await findMaterial(scope, fileId, "view");
  const hits = await searchChunks(scope.db, material.hash, topic, { mode: "all", limit: 1 });
  if (!hits.length) throw await topicNotFound(scope, material.hash, topic);
  return material;
}

export async function startGeneration(scope: Scope, input: GenerateInput, previousTestId?: number): Promise<JobView> {
  const params = resolveParams(input);
  const material = await materialWithTopic(scope, input.file_id!, params.topic);
  const job: GenerateJobParams = { ...params, material_id: material.id, seed: input.seed ?? randomInt(2 ** 31), ...(previousTestId && { previous_test_id: previousTestId }) };
  return enqueueJob(scope, "generate", job, params.count, {
    limit: TEST_JOB_LIMIT,
    provider: providerFor(scope).name,
  });
}

/**
 * What a new test from this material must not ask: the test it replaces (Regenerate), and, when the
 * material is lent to the user through a class, the tests assigned to them that were made from it.
 * Otherwise the same topic from the teacher's file writes the same questions, and the student's own
 * test (answers shown) is the assigned one's answer key.
 */
async function notToAsk(scope: Scope, material: MaterialRow, replaced: Question[]): Promise<PreviousQuestions | undefined> {
  const lent = material.user_id !== scope.user.id ? await scope.sharing.protectedTests(scope, material.id) : [];
  const assigned = await questionsOf(scope.db, lent);
  if (!replaced.length && !assigned.length) return undefined;
  return previousQuestions([...replaced, ...assigned], replaced.length ? undefined : ASSIGNED_ONLY);
}

/** When every question the material grounds on the topic is one of the user's assigned tests'. */
const ASSIGNED_ONLY = (topic: string) =>
  `No questions about "${topic}" could be written that your class's assigned tests do not already ask. Try another topic.`;

registerJobHandler("generate", async (scope, raw, control) => {
  const params = raw as GenerateJobParams;
  const material = await findMaterial(scope, params.material_id, "view").catch(() => {
    throw new AppError(410, "The study material was deleted before the test could be generated.");
  });
  const provider = providerFor(scope);
  // The replaced test may have been deleted meanwhile: then there is nothing to avoid.
  const replaced: Pick<TestRow, "id" | "questions"> | undefined = params.previous_test_id
    ? await scope.db("tests").where({ id: params.previous_test_id, user_id: scope.user.id }).first("id", "questions")
    : undefined;
  const replacedQuestions: Question[] = replaced ? JSON.parse(replaced.questions) : [];
  const previous = await notToAsk(scope, material, replacedQuestions);
  await control.progress(0, params.count);
  const questions = await runPipeline(
    scope.db,
    provider,
    { hash: material.hash, pageCount: material.page_count, pageUnit: material.page_unit, ...params, previous },
    { signal: control.signal, progress: control.progress, log: scope.log },
  );
  // The file may have been deleted while the questions were written: the test keeps them anyway.
  const stillThere = await scope.db("study_materials").where({ id: material.id }).first("id");
  return insertTest(scope, {
    study_material_id: stillThere ? material.id : null,
    name: testName(params.topic, params.difficulty),
    topic: params.topic,
    difficulty: params.difficulty,
    question_types: params.types,
    provider: provider.name,
    model: provider.model,
    seed: params.seed,
    questions,
    requested_count: params.count,
    ...(replaced && { regenerated_from: replaced.id, repeated_count: questions.filter(previousQuestions(replacedQuestions).repeats).length }),
  });
});

/**
 * Questions written while a request waits (not as a queued job): two at a time in this process, a few
 * more waiting, one per student; the rest are told to come back, so a burst cannot pile work up.
 */
const writingNow = concurrencyLimit(2, 8, () => new AppError(503, "Many questions are being written right now. Please try again in a minute.", { headers: { "Retry-After": "30" } }));
/** One writing per student on every instance: a lease row (core/leader.ts), renewed while the questions are written. */
const ONE_WRITING_PER_STUDENT: HoldOptions = {
  ttlMs: 60_000,
  waitMs: 0,
  busy: () => new AppError(429, "Questions are already being written for you. Wait for them to finish.", { headers: { "Retry-After": "10" } }),
};

/**
 * Grounded short-answer questions from the caller's material, written now through the same pipeline
 * and validation as a test (each answer on its cited page) but stored nowhere: study sets turn them
 * into flashcards. `signal` stops the work when the client has gone.
 */
export async function writeGroundedQuestions(scope: Scope, input: { file_id: number; topic: string; count: number }, signal?: AbortSignal): Promise<Question[]> {
  const material = await materialWithTopic(scope, input.file_id, input.topic);
  const provider = providerFor(scope);
  if (provider.name !== "builtin") await scope.limits.hit(`free-generation:${scope.user.id}`, RATE_RULES.freeGenerationPerAccount);
  const release = await holdLease(scope, `grounded-writing:${scope.user.id}`, ONE_WRITING_PER_STUDENT);
  try {
    const params = { topic: input.topic, difficulty: "Medium" as const, count: input.count, types: ["short_answer" as const], seed: randomInt(2 ** 31) };
    // Cards carry their answers: from a class's material, none may be an assigned test's question.
    const previous = await notToAsk(scope, material, []);
    return await writingNow(() => runPipeline(scope.db, provider, { hash: material.hash, pageCount: material.page_count, pageUnit: material.page_unit, ...params, previous }, { log: scope.log, signal }));
  } finally {
    await release();
  }
}

/** The study-set page's call: questions from the provider's own knowledge, no material. */
export async function generateFree(scope: Scope, input: GenerateInput): Promise<{ questions: Question[] }> {
  const params = resolveParams(input);
  const provider = providerFor(scope);
  if (provider.name !== "builtin") await scope.limits.hit(`free-generation:${scope.user.id}`, RATE_RULES.freeGenerationPerAccount);
  const raw = await provider.generateFree({ prompt: input.prompt || params.topic, count: params.count, types: params.types });
  const seen = new Set<string>();
  const questions: Question[] = [];
  for (const item of raw) {
    const checked = checkItem(item, { pageCount: 0, types: params.types, grounding: "none", seen });
    if (checked.ok && questions.length < params.count) questions.push(checked.question);
  }
  if (!questions.length) throw new AppError(502, "The AI service returned no usable questions. Please try again.");
  return { questions };
}

const findTest = (scope: Scope, id: number, use: TestUse = "own") => findTestFor<TestRow>(scope, id, use);

export function presentTest(row: TestRow, mode?: "take" | "review") {
  const questions: Question[] = JSON.parse(row.questions);
  const info: TestInfo = {
    test_id: row.id,
    name: row.name,
    study_material_id: row.study_material_id,
    created_at: row.created_at,
    provider: row.provider,
    model: row.model,
    requested_count: row.requested_count ?? row.count,
    regenerated_from: row.regenerated_from ?? null,
    repeated_count: row.repeated_count ?? null,
  };
  return {
    ...info,
    /** What a submission sends back, so one made on questions that changed since is refused. */
    version: questionsVersion(row.questions),
    test_metadata: {
      topic: row.topic,
      difficulty: row.difficulty,
      question_types: JSON.parse(row.question_types) as QuestionType[],
      // Taking a test must not hand out its answers; the source sentence is kept for Regenerate only.
      questions: questions.map(({ source: _s, ...q }) => {
        if (mode !== "take") return q;
        const { answer: _a, explanation: _e, accepted_answers: _aa, ...shown } = q;
        return shown;
      }),
    },
  };
}

export async function getTest(scope: Scope, id: number, mode?: "take" | "review") {
  // Taking hides the answers, so a test assigned to the user may be taken; anything more is the owner's.
  const row = await findTest(scope, id, mode === "take" ? "take" : "own");
  // How its questions' source pages are cited: "slide 4" for a presentation, "section 2" for a text document.
  return { ...presentTest(row, mode), page_unit: await pageUnitOf(scope.db, row.study_material_id) };
}

/** The questions of a test, for grading and showing results (practice): the answers stay on the server unless practice shows them. */
export async function loadTestQuestions(scope: Scope, id: number, use: TestUse = "take"): Promise<{ row: TestRow; questions: Question[] }> {
  const row = await findTest(scope, id, use);
  return { row, questions: JSON.parse(row.questions) };
}

/**
 * A new test with the same parameters (and a new seed) from the same material, asking none of the
 * previous test's questions again (repeats.ts).
 */
export async function regenerate(scope: Scope, id: number): Promise<JobView> {
  const row = await findTest(scope, id);
  if (!row.study_material_id) throw new AppError(409, "The study material of this test was deleted, so it cannot be regenerated.");
  return startGeneration(
    scope,
    {
      file_id: row.study_material_id,
      topic: row.topic,
      difficulty: row.difficulty as GenerateInput["difficulty"],
      // A test that came out short is regenerated at the size first asked for.
      count: row.requested_count ?? row.count,
      question_types: JSON.parse(row.question_types),
    },
    row.id,
  );
}
