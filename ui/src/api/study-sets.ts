/** Study sets and flashcards: the list, one set, cards, FSRS reviews, missed questions, Generate Questions. */
import type { Job } from "./types.ts";
import { api, type CallOptions } from "./client.ts";
import type { CardInput, CardPatch, CreatedSetView, FlashcardView, FromResultView, RatingName, ReviewView, SetPatch, StudySetSummary, StudySetView } from "../../../src/study/sets/schema.ts";

export type { FlashcardView, RatingName, StudySetSummary, StudySetView };

export const LOAD_SETS_FAILED = "Failed to load study sets. Please try again.";
export const LOAD_SET_FAILED = "Failed to load study set details. Please try again.";
export const GENERATE_QUESTIONS_FAILED = "Failed to generate questions. Please try again.";
export const NAME_EMPTY = "Study set name cannot be empty.";

/** The grades of a review, in key order (1–4). */
export const RATINGS: { rating: RatingName; label: string }[] = [
  { rating: "again", label: "Again" },
  { rating: "hard", label: "Hard" },
  { rating: "good", label: "Good" },
  { rating: "easy", label: "Easy" },
];

export interface NewStudySet {
  name: string;
  title?: string;
  description?: string;
  flashcards?: { question: string; answer: string }[];
  /** Written by the AI provider from this material and topic instead of typed cards. */
  file_id?: number;
  topic?: string;
  count?: number;
}

export const listStudySets = (options?: CallOptions) => api.get<StudySetSummary[]>("/api/study_sets", options);
export const getStudySet = (id: number, options?: CallOptions) => api.get<StudySetView>(`/api/study_sets/${id}`, options);
export const createStudySet = (body: NewStudySet, options?: CallOptions) => api.post<CreatedSetView>("/api/study_sets", body, options);
export const updateStudySet = (id: number, body: SetPatch, options?: CallOptions) => api.patch<StudySetView>(`/api/study_sets/${id}`, body, options);
export const deleteStudySet = (id: number, options?: CallOptions) => api.delete<void>(`/api/study_sets/${id}`, undefined, options);
export const addCard = (setId: number, body: Pick<CardInput, "question" | "answer">, options?: CallOptions) => api.post<FlashcardView>(`/api/study_sets/${setId}/cards`, body, options);
export const updateCard = (id: number, body: CardPatch, options?: CallOptions) => api.patch<FlashcardView>(`/api/flashcards/${id}`, body, options);
export const deleteCard = (id: number, options?: CallOptions) => api.delete<void>(`/api/flashcards/${id}`, undefined, options);
export const reviewCard = (id: number, rating: RatingName, options?: CallOptions) => api.post<ReviewView>(`/api/flashcards/${id}/review`, { rating }, options);
/** Starts a practice test from the set's material and topic; answers with the job to follow. */
export const generateFromSet = (id: number, options?: CallOptions) => api.post<Job>(`/api/study_sets/${id}/generate`, {}, options);
/** Adds the questions missed in a result to a new set, or to `studySetId`. */
export const addMissedQuestions = (resultId: number, studySetId?: number, options?: CallOptions) =>
  api.post<FromResultView>("/api/study_sets/from-result", { result_id: resultId, study_set_id: studySetId }, options);
