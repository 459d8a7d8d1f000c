/**
 * Generate Questions for a set typed by hand (no study material to write from): a practice test made of
 * the set's own cards, through the same durable job queue and per-student limit as any generation, so
 * the page follows it the same way. A card becomes a multiple-choice question when the set has at least
 * three other answers to offer as options, and a short-answer question otherwise.
 */
import { randomInt } from "node:crypto";
import type { Scope } from "../../core/context.ts";
import { AppError } from "../../core/errors.ts";
import { enqueueJob, registerJobHandler, type JobView } from "../../core/jobs.ts";
import { createRandom, shuffle, type Random } from "../../generation/providers/builtin/random.ts";
import type { Question } from "../../generation/providers/types.ts";
import { insertTest, TEST_JOB_LIMIT } from "../../generation/service.ts";
import { findSet, type CardRow, type SetRow } from "./policy.ts";

export const STUDY_SET_TEST_JOB = "study-set-test";
/** Shown as the test's author: "Written by your study set's flashcards". */
export const CARDS_PROVIDER = "study-set";

interface Params {
  set_id: number;
  count: number;
  seed: number;
}

type Card = Pick<CardRow, "question" | "answer" | "source_page">;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function toQuestion(card: Card, others: string[], random: Random, setName: string): Question {
  const distractors = shuffle(others.filter((a) => !same(a, card.answer)), random).slice(0, 3);
  const multipleChoice = distractors.length === 3;
  return {
    question: card.question,
    type: multipleChoice ? "multiple_choice" : "short_answer",
    options: multipleChoice ? shuffle([card.answer, ...distractors], random) : [],
    answer: card.answer,
    explanation: `From your study set "${setName}".`,
    source_pages: card.source_page ? [card.source_page] : [],
  };
}

/** `count` of the cards (all if fewer), in a seeded order, each as a question. */
export function cardsToQuestions(cards: Card[], count: number, seed: number, setName: string): Question[] {
  const random = createRandom(seed, setName);
  // Distinct answers across the set, the options a question can draw from.
  const answers = [...new Map(cards.map((c) => [c.answer.trim().toLowerCase(), c.answer])).values()];
  return shuffle(cards, random)
    .slice(0, count)
    .map((card) => toQuestion(card, answers, random, setName));
}

export function startTestFromCards(scope: Scope, set: SetRow, count: number): Promise<JobView> {
  const params: Params = { set_id: set.id, count, seed: randomInt(2 ** 31) };
  return enqueueJob(scope, STUDY_SET_TEST_JOB, params, count, { limit: TEST_JOB_LIMIT });
}

registerJobHandler(STUDY_SET_TEST_JOB, async (scope, raw, control) => {
  const { set_id, count, seed } = raw as Params;
  const set = await findSet(scope, set_id).catch(() => {
    throw new AppError(410, "The study set was deleted before its test could be made.");
  });
  const cards: Card[] = await scope.db("flashcards").where({ study_set_id: set.id }).orderBy("id").select("question", "answer", "source_page");
  if (!cards.length) throw new AppError(409, "This study set has no cards yet: add some, then generate questions.");
  const questions = cardsToQuestions(cards, count, seed, set.name);
  await control.progress(questions.length, questions.length);
  return insertTest(scope, {
    study_material_id: null,
    name: `${set.name} (flashcards)`.slice(0, 200),
    topic: (set.topic ?? set.name).slice(0, 200),
    difficulty: "Medium",
    question_types: [...new Set(questions.map((q) => q.type))],
    provider: CARDS_PROVIDER,
    model: "",
    seed,
    questions,
  });
});
