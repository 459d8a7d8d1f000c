/** `GET /api/ai/insights`: the spec's [{topic, created_at, questions}], one entry per topic, with the figures added. */
import { z } from "zod";
import { Difficulty, Question } from "../../generation/providers/types.ts";
import { PAGE_UNITS } from "../../materials/formats/types.ts";

/** One attempt on the accuracy chart. */
export const AccuracyPoint = z.object({
  result_id: z.number().int(),
  test_id: z.number().int(),
  submitted_at: z.string(),
  /** Percent with one decimal, as the result's score. */
  score: z.number(),
  correct: z.number().int(),
  total: z.number().int(),
  difficulty: z.string(),
});
export type AccuracyPoint = z.infer<typeof AccuracyPoint>;

export const MissedQuestion = z.object({
  test_id: z.number().int(),
  /** The question's index in its test. */
  index: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** Attempts that got it wrong (or left it blank), and attempts that answered it at all. */
  missed: z.number().int(),
  asked: z.number().int(),
  source_pages: z.array(z.number().int()),
  /** The file the question's test was made from (null once the test was made without one, or the file is gone). */
  study_material_id: z.number().int().nullable(),
  /** What `source_pages` are in that file: a PDF's pages, slides or sections ("page" once the file is gone). */
  page_unit: z.enum(PAGE_UNITS),
  /** The latest attempt that missed it: its results page has "Add the questions I missed to a study set". */
  result_id: z.number().int(),
});
export type MissedQuestion = z.infer<typeof MissedQuestion>;

export const PageToReview = z.object({
  page: z.number().int(),
  /** Missed answers whose question cites this page. */
  missed: z.number().int(),
  study_material_id: z.number().int().nullable(),
  filename: z.string().nullable(),
  /** What the page is in its file: a PDF's page, a slide or a section ("page" once the file is gone). */
  page_unit: z.enum(PAGE_UNITS),
});
export type PageToReview = z.infer<typeof PageToReview>;

export const NextSteps = z.object({
  /** Pages most often behind missed answers, most first. */
  review_pages: z.array(PageToReview),
  /** Questions missed in the latest attempt with misses, to study as flashcards from its results page. */
  flashcards: z.object({ result_id: z.number().int(), missed: z.number().int() }).nullable(),
  /** A new test: harder when recent accuracy is high, easier when low. */
  take_test: z.object({
    topic: z.string(),
    difficulty: Difficulty,
    study_material_id: z.number().int().nullable(),
    reason: z.string(),
    /** A test on this topic the student generated and never took. */
    untaken_test_id: z.number().int().nullable(),
  }),
});
export type NextSteps = z.infer<typeof NextSteps>;

export const TopicInsight = z.object({
  topic: z.string(),
  /** When the topic's latest test was generated. */
  created_at: z.string(),
  /** The questions of the topic's latest test. */
  questions: z.array(Question),
  test_id: z.number().int(),
  name: z.string(),
  difficulty: z.string(),
  provider: z.string(),
  model: z.string(),
  tests: z.number().int(),
  attempts: z.number().int(),
  /** Percent of answers correct over the attempts counted (null before the first attempt). */
  accuracy: z.number().nullable(),
  /** The same over the latest three attempts: what the suggested difficulty follows. */
  recent_accuracy: z.number().nullable(),
  /** Latest score minus the first, in points (null with fewer than two attempts). */
  change: z.number().nullable(),
  last_activity: z.string(),
  /** Attempts oldest first (the latest 20). */
  history: z.array(AccuracyPoint),
  most_missed: z.array(MissedQuestion),
  next_steps: NextSteps,
  summary: z.object({ text: z.string(), source: z.enum(["ai", "figures"]) }),
});
export type TopicInsight = z.infer<typeof TopicInsight>;

export const InsightsOut = z.array(TopicInsight);
export type InsightsOut = z.infer<typeof InsightsOut>;
