/**
 * Study sets and flashcards: sets typed in, written by the AI provider from a study material (through
 * generation's pipeline, grounded like test questions) or made from the questions missed in a result;
 * each card scheduled by FSRS (ts-fsrs) at the server's clock.
 */
import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from "ts-fsrs";
import type { Scope } from "../../core/context.ts";
import { lockKey, withTransaction } from "../../core/db.ts";
import { AppError, conflict } from "../../core/errors.ts";
import type { JobView } from "../../core/jobs.ts";
import { startGeneration, writeGroundedQuestions } from "../../generation/service.ts";
import { pageUnitOf } from "../../materials/queries.ts";
import { missedQuestions } from "../../practice/missed.ts";
import { findCard, findSet, type CardRow, type SetRow } from "./policy.ts";
import { startTestFromCards } from "./test-from-cards.ts";
import { CARD_STATES, LIMITS, MESSAGES, type CardInput, type CardPatch, type CardState, type CreateSetInput, type CreatedSetView, type FlashcardView, type FromResultView, type RatingName, type ReviewView, type SetPatch, type StudySetSummary, type StudySetView } from "./schema.ts";
import { cardCounts, endOfUtcDay, percent } from "./stats.ts";

/** FSRS with the library's default parameters (90% retention, learning steps 1m and 10m). */
const scheduler = fsrs();

const GRADES: Record<RatingName, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const STATE_NAMES: Record<State, CardState> = { [State.New]: "new", [State.Learning]: "learning", [State.Review]: "review", [State.Relearning]: "relearning" };
const STATES = Object.fromEntries(Object.entries(STATE_NAMES).map(([k, v]) => [v, Number(k) as State])) as Record<CardState, State>;

const idOf = (row: unknown): number => (typeof row === "object" && row !== null ? (row as { id: number }).id : (row as number));

/** The columns a card's schedule is stored in. */
function scheduleColumns(card: Card) {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NAMES[card.state],
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

function fsrsCard(row: CardRow): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: STATES[row.state as CardState] ?? State.New,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

function presentCard(row: CardRow, now: Date): FlashcardView {
  return {
    id: row.id,
    study_set_id: row.study_set_id,
    question: row.question,
    answer: row.answer,
    source_page: row.source_page,
    due: row.due,
    due_now: row.due <= now.toISOString(),
    state: (CARD_STATES as readonly string[]).includes(row.state) ? (row.state as CardState) : "new",
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.last_review,
  };
}

async function summaries(scope: Scope, rows: SetRow[]): Promise<StudySetSummary[]> {
  const counts = await cardCounts(scope.db, rows.map((r) => r.id), endOfUtcDay(scope.clock.now()));
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { total: 0, learned: 0, due: 0 };
    return { ...pick(r), card_count: c.total, due_today: c.due, progress: percent(c.learned, c.total) };
  });
}

const pick = ({ id, name, title, description, study_material_id, topic, created_at, updated_at }: SetRow) => ({ id, name, title, description, study_material_id, topic, created_at, updated_at });

export async function listSets(scope: Scope): Promise<StudySetSummary[]> {
  const rows: SetRow[] = await scope.db("study_sets").where({ user_id: scope.user.id }).orderBy([{ column: "updated_at", order: "desc" }, { column: "id", order: "desc" }]);
  return summaries(scope, rows);
}

async function presentSet(scope: Scope, row: SetRow): Promise<StudySetView> {
  const now = scope.clock.now();
  const [summary] = await summaries(scope, [row]);
  const cards: CardRow[] = await scope.db("flashcards").where({ study_set_id: row.id }).orderBy("id");
  const page_unit = await pageUnitOf(scope.db, row.study_material_id);
  return { ...summary!, flashcards: cards.map((c) => presentCard(c, now)), page_unit, now: now.toISOString() };
}

export async function getSet(scope: Scope, id: number): Promise<StudySetView> {
  return presentSet(scope, await findSet(scope, id));
}

/** Inserts cards into a set, refusing to go past the per-set limit (counted under a lock inside the caller's transaction). */
async function insertCards(scope: Scope, set: SetRow, cards: (CardInput & { source_page?: number | null })[]): Promise<number[]> {
  await lockKey(scope.db, `flashcards:${set.id}`);
  const count = Number((await scope.db("flashcards").where({ study_set_id: set.id }).count({ n: "*" }).first())?.n ?? 0);
  if (count + cards.length > LIMITS.cardsPerSet) throw new AppError(422, MESSAGES.tooManyCards);
  const now = scope.clock.now();
  const fresh = scheduleColumns(createEmptyCard(now));
  const ids: number[] = [];
  for (const card of cards) {
    const [row] = await scope
      .db("flashcards")
      .insert({ study_set_id: set.id, user_id: set.user_id, question: card.question, answer: card.answer, source_page: card.source_page ?? null, ...fresh, created_at: now.toISOString() })
      .returning("id");
    ids.push(idOf(row));
  }
  if (cards.length) await scope.db("study_sets").where({ id: set.id }).update({ updated_at: now.toISOString() });
  return ids;
}

async function checkSetLimit(scope: Scope): Promise<void> {
  await lockKey(scope.db, `study_sets:${scope.user.id}`);
  const count = Number((await scope.db("study_sets").where({ user_id: scope.user.id }).count({ n: "*" }).first())?.n ?? 0);
  if (count >= LIMITS.setsPerUser) throw new AppError(409, MESSAGES.tooManySets);
}

async function insertSet(scope: Scope, fields: { name: string; title?: string; description?: string; study_material_id?: number | null; topic?: string | null }): Promise<SetRow> {
  await checkSetLimit(scope);
  const now = scope.clock.now().toISOString();
  const [row] = await scope
    .db("study_sets")
    .insert({
      user_id: scope.user.id,
      name: fields.name,
      title: fields.title || fields.name,
      description: fields.description ?? "",
      study_material_id: fields.study_material_id ?? null,
      topic: fields.topic ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id");
  return findSet(scope, idOf(row));
}

/**
 * A set with typed cards, or with cards the provider writes from {file_id, topic, count}. When the
 * material grounds only some of the cards asked for, the set keeps those and `requested_cards` says
 * how many were asked (the provider failing to write any is an error, as for a test).
 */
export async function createSet(scope: Scope, input: CreateSetInput, signal?: AbortSignal): Promise<CreatedSetView> {
  let cards: CardInput[] = input.flashcards ?? [];
  const requested = input.file_id !== undefined ? (input.count ?? 10) : null;
  if (input.file_id !== undefined) {
    await checkSetLimit(scope); // before asking the provider for work that could not be kept
    // Written before the transaction: a language model may take a while, and nothing is stored yet.
    const questions = await writeGroundedQuestions(scope, { file_id: input.file_id, topic: input.topic!, count: requested! }, signal);
    cards = questions.map((q) => ({ question: q.question, answer: q.answer, source_page: q.source_pages[0] ?? null }));
  }
  return withTransaction(scope, async (tx) => {
    const set = await insertSet(tx, { ...input, study_material_id: input.file_id ?? null, topic: input.topic ?? null });
    await insertCards(tx, set, cards);
    return { ...(await presentSet(tx, set)), requested_cards: requested };
  });
}

export async function updateSet(scope: Scope, id: number, patch: SetPatch): Promise<StudySetView> {
  const set = await findSet(scope, id);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await scope.db("study_sets").where({ id: set.id }).update({ ...changes, updated_at: scope.clock.now().toISOString() });
  return getSet(scope, id);
}

export async function deleteSet(scope: Scope, id: number): Promise<void> {
  const set = await findSet(scope, id);
  await scope.db("study_sets").where({ id: set.id }).delete();
}

export async function addCard(scope: Scope, setId: number, input: CardInput): Promise<FlashcardView> {
  return withTransaction(scope, async (tx) => {
    const set = await findSet(tx, setId);
    const [id] = await insertCards(tx, set, [input]);
    return presentCard(await findCard(tx, id!), tx.clock.now());
  });
}

export async function updateCard(scope: Scope, id: number, patch: CardPatch): Promise<FlashcardView> {
  const card = await findCard(scope, id);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length) await scope.db("flashcards").where({ id: card.id }).update(changes);
  return presentCard(await findCard(scope, id), scope.clock.now());
}

export async function deleteCard(scope: Scope, id: number): Promise<void> {
  const card = await findCard(scope, id);
  await scope.db("flashcards").where({ id: card.id }).delete();
}

/** Grades a card at the server's now; FSRS decides when it comes back. The review is logged (goals count them). */
export async function reviewCard(scope: Scope, id: number, rating: RatingName): Promise<ReviewView> {
  return withTransaction(scope, async (tx) => {
    const row = await findCard(tx, id);
    const now = tx.clock.now();
    const { card } = scheduler.next(fsrsCard(row), now, GRADES[rating]);
    const columns = scheduleColumns(card);
    await tx.db("flashcards").where({ id: row.id }).update(columns);
    await tx.db("flashcard_reviews").insert({ user_id: row.user_id, flashcard_id: row.id, rating, state: columns.state, due: columns.due, reviewed_at: now.toISOString() });
    const updated = await findCard(tx, id);
    const counts = (await cardCounts(tx.db, [row.study_set_id], "")).get(row.study_set_id);
    return {
      ...presentCard(updated, now),
      rating,
      scheduled_days: card.scheduled_days,
      stability: card.stability,
      difficulty: card.difficulty,
      progress: percent(counts?.learned ?? 0, counts?.total ?? 0),
    };
  });
}

/**
 * Adds the questions missed in a result to a set (a new one named after the test unless `study_set_id`
 * is given); a question already in the set is not added twice.
 */
export async function addMissed(scope: Scope, input: { result_id: number; study_set_id?: number }): Promise<FromResultView & { created: boolean }> {
  const missed = await missedQuestions(scope, input.result_id);
  // A perfect result would only make an empty set (and use up one of the student's 200).
  if (missed.missed.length === 0) throw conflict("You missed no questions in this test, so there is nothing to add.");
  return withTransaction(scope, async (tx) => {
    const set = input.study_set_id
      ? await findSet(tx, input.study_set_id)
      : await insertSet(tx, {
          name: `Missed: ${missed.test_name}`.slice(0, LIMITS.name),
          description: `Questions missed in ${missed.test_name}.`.slice(0, LIMITS.description),
          study_material_id: missed.study_material_id,
          topic: missed.topic,
        });
    const existing = new Set((await tx.db("flashcards").where({ study_set_id: set.id }).select("question")).map((r: { question: string }) => r.question));
    const fresh = missed.missed.filter((q) => !existing.has(q.question)).map((q) => ({ ...q, question: q.question.slice(0, LIMITS.question), answer: q.answer.slice(0, LIMITS.answer) }));
    await insertCards(tx, set, fresh);
    return { study_set: await presentSet(tx, set), added: fresh.length, created: !input.study_set_id };
  });
}

/**
 * Generate Questions: a practice test from the set's material and topic, through the normal generation
 * job; for a set typed by hand, a test made of its own cards (test-from-cards.ts).
 */
export async function generateTest(scope: Scope, id: number, opts: { count?: number } = {}): Promise<JobView> {
  const set = await findSet(scope, id);
  const cards = Number((await scope.db("flashcards").where({ study_set_id: set.id }).count({ n: "*" }).first())?.n ?? 0);
  if (!set.study_material_id || !set.topic) {
    if (cards === 0) throw conflict("This study set has no cards yet: add some, then generate questions.");
    return startTestFromCards(scope, set, Math.min(opts.count ?? 10, cards));
  }
  return startGeneration(scope, {
    file_id: set.study_material_id,
    topic: set.topic,
    difficulty: "Medium",
    count: opts.count ?? Math.min(10, Math.max(cards, 5)),
    question_types: ["multiple_choice", "true_false", "short_answer"],
  });
}
