import { z } from "zod";
import { boundedList, userText, wholeNumber } from "../../core/schema.ts";
import { cleanName } from "../../core/text.ts";
import type { PageUnit } from "../../materials/formats/types.ts";

/** Limits of study sets, also shown by the UI. */
export const LIMITS = { name: 100, title: 200, description: 2000, question: 1000, answer: 2000, cardsPerSet: 500, setsPerUser: 200, generate: 50 } as const;

export const MESSAGES = {
  nameEmpty: "Study set name cannot be empty.",
  nameLong: `The study set name is too long (at most ${LIMITS.name} characters).`,
  titleLong: `The title is too long (at most ${LIMITS.title} characters).`,
  descriptionLong: `The description is too long (at most ${LIMITS.description} characters).`,
  questionEmpty: "Question cannot be empty.",
  questionLong: `The question is too long (at most ${LIMITS.question} characters).`,
  answerEmpty: "Answer cannot be empty.",
  answerLong: `The answer is too long (at most ${LIMITS.answer} characters).`,
  tooManyCards: `A study set holds at most ${LIMITS.cardsPerSet} flashcards.`,
  tooManySets: `You can have at most ${LIMITS.setsPerUser} study sets. Delete one to make another.`,
  count: `Number of flashcards must be between 1 and ${LIMITS.generate}.`,
  cardsOrFile: "Send either flashcards or a file_id with a topic, not both.",
  topic: "Topic is required to write flashcards from a study material.",
  rating: "Rating must be one of again, hard, good or easy.",
  page: "The source page must be a positive whole number.",
} as const;

const text = (max: number, empty: string | null, long: string) => {
  const base = z.string({ error: empty ?? long }).transform((s) => s.trim());
  return empty ? base.pipe(z.string().min(1, empty).max(max, long)) : base.pipe(z.string().max(max, long));
};
const name = () => z.string({ error: MESSAGES.nameEmpty }).transform(cleanName).pipe(z.string().min(1, MESSAGES.nameEmpty).max(LIMITS.name, MESSAGES.nameLong));
const title = () => userText().pipe(z.string().max(LIMITS.title, MESSAGES.titleLong));
const description = () => text(LIMITS.description, null, MESSAGES.descriptionLong);
const question = () => text(LIMITS.question, MESSAGES.questionEmpty, MESSAGES.questionLong);
const answer = () => text(LIMITS.answer, MESSAGES.answerEmpty, MESSAGES.answerLong);
const page = () => wholeNumber(MESSAGES.page).pipe(z.number().min(1, MESSAGES.page).max(100000, MESSAGES.page));
const id = (message: string) => wholeNumber(message).pipe(z.number().positive(message).max(2 ** 31, message));

export const CardInput = z.object({ question: question(), answer: answer(), source_page: page().nullish() });
export type CardInput = z.infer<typeof CardInput>;

export const CardPatch = z.object({ question: question().optional(), answer: answer().optional(), source_page: page().nullish() });
export type CardPatch = z.infer<typeof CardPatch>;

/** POST /api/study_sets: cards typed in, or {file_id, topic, count} for the AI provider to write them from the material. */
export const CreateSetInput = z
  .object({
    name: name(),
    title: title().optional(),
    description: description().optional(),
    flashcards: boundedList(CardInput, LIMITS.cardsPerSet, MESSAGES.tooManyCards).optional(),
    file_id: id("Select a study material.").optional(),
    topic: userText().pipe(z.string().min(1, MESSAGES.topic).max(200, "The topic is too long (at most 200 characters).")).optional(),
    count: wholeNumber(MESSAGES.count).pipe(z.number().min(1, MESSAGES.count).max(LIMITS.generate, MESSAGES.count)).optional(),
  })
  .refine((v) => !(v.file_id !== undefined && v.flashcards?.length), { message: MESSAGES.cardsOrFile, path: ["flashcards"] })
  .refine((v) => v.file_id === undefined || v.topic !== undefined, { message: MESSAGES.topic, path: ["topic"] });
export type CreateSetInput = z.infer<typeof CreateSetInput>;

export const SetPatch = z.object({ name: name().optional(), title: title().optional(), description: description().optional() });
export type SetPatch = z.infer<typeof SetPatch>;

export const RATINGS = ["again", "hard", "good", "easy"] as const;
export type RatingName = (typeof RATINGS)[number];
export const ReviewInput = z.object({ rating: z.enum(RATINGS, { error: MESSAGES.rating }) });

export const FromResultInput = z.object({ result_id: id("Choose a test result."), study_set_id: id("Choose a study set.").optional() });

export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;
export type CardState = (typeof CARD_STATES)[number];

/** One flashcard as the API answers it. */
export interface FlashcardView {
  id: number;
  study_set_id: number;
  question: string;
  answer: string;
  source_page: number | null;
  due: string;
  /** Due at the server's now: part of the study queue. */
  due_now: boolean;
  state: CardState;
  reps: number;
  lapses: number;
  last_review: string | null;
}

/** A row of GET /api/study_sets. */
export interface StudySetSummary {
  id: number;
  name: string;
  title: string;
  description: string;
  card_count: number;
  /** Cards due by the end of the server's UTC day. */
  due_today: number;
  /** Share of cards in the FSRS state "review" (learned), 0–100. */
  progress: number;
  study_material_id: number | null;
  topic: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/study_sets/{id}. */
export interface StudySetView extends StudySetSummary {
  flashcards: FlashcardView[];
  /** What the cards' source pages are in the set's material: a PDF's pages, slides or sections. */
  page_unit: PageUnit;
  /** The server's clock when it answered. */
  now: string;
}

/** POST /api/study_sets: the new set, and for cards written from material how many were asked for. */
export interface CreatedSetView extends StudySetView {
  /** More than card_count when the material grounded only some of the cards; null for typed cards. */
  requested_cards: number | null;
}

/** POST /api/flashcards/{id}/review. */
export interface ReviewView extends FlashcardView {
  rating: RatingName;
  scheduled_days: number;
  stability: number;
  difficulty: number;
  /** The set's progress after this review. */
  progress: number;
}

/** POST /api/study_sets/from-result. */
export interface FromResultView {
  study_set: StudySetView;
  added: number;
}

/** POST /api/study_sets/{id}/generate: how many questions (default: the cards, 5 to 10). */
export const GenerateFromSetInput = z.object({ count: wholeNumber("Number of questions must be between 1 and 50.").pipe(z.number().min(1, "Number of questions must be between 1 and 50.").max(50, "Number of questions must be between 1 and 50.")).optional() });
