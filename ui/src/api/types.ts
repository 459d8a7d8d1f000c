/**
 * Shapes of the server's JSON. Where the server declares a shape (a zod schema
 * or an exported type) it is imported here, type-only, so the two cannot drift;
 * the rest are plain interfaces with exactly the server's field names.
 */
import type { JobState as ServerJobState, JobView } from "../../../src/core/jobs.ts";
import type { Role } from "../../../src/core/context.ts";
import type { FileOut } from "../../../src/materials/schema.ts";
import type { SessionOut } from "../../../src/accounts/schema.ts";
import type { TestInfo } from "../../../src/generation/schema.ts";

/** The error body every failing call answers with. */
export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface ErrorBody {
  detail?: string | FieldIssue[];
  message?: string;
}

/** `GET /api/auth/me`: the server's own schema. */
export type { UserOut as User } from "../../../src/accounts/schema.ts";

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  is_verified: boolean;
  username: string;
  email: string;
  is_admin: boolean;
  role: Role;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

export interface RegisterResponse {
  token: string;
}

export interface MessageResponse {
  message: string;
}

export interface ResetPasswordRequest {
  token: string;
  new_password: string;
}

export interface ProfileUpdate {
  username: string;
  email: string;
  /** Sent only when the user typed a new password. */
  password?: string;
  /** Needed for a new password or e-mail. */
  current_password?: string;
}

/** One signed-in device of the user (`GET /api/auth/sessions`). */
export type ActiveSession = SessionOut;

/** `GET /api/config`: public settings the UI adapts to. */
export interface PublicConfig {
  require_email_verification: boolean;
  /** "openai", "ollama" or "builtin". */
  llm_provider: string;
  llm_model: string;
  max_upload_mb: number;
  max_pdf_pages: number;
  /** Pages of one file OCR reads (scans); 0: OCR is off, a scan is refused. */
  ocr_max_pages: number;
  version: string;
}

export interface RecentTest {
  /** The test's id. */
  id: number;
  name: string;
  /** The latest attempt's percent, 0–100; null when the test was never taken. */
  score: number | null;
  /** The latest attempt, to open its review; null when never taken. */
  result_id?: number | null;
  created_at?: string;
}

export interface Statistics {
  average_score: number | null;
  best_score: number | null;
  worst_score: number | null;
}

/** A study guide in the upload history (`GET /api/files/`): uploadedAt in ISO 8601, size in KB with two decimals. */
export type StudyFile = FileOut;
export type { PageUnit } from "../../../src/materials/formats/types.ts";
import type { PageUnit } from "../../../src/materials/formats/types.ts";

export interface FileSearchResult {
  file_id: number;
  query: string;
  results: { page: number; text: string }[];
}

export type Difficulty = "Easy" | "Medium" | "Hard";

export type QuestionType = "multiple_choice" | "true_false" | "short_answer";

/** One question of a test. `answer` and `explanation` are absent when the test is fetched to be taken. */
export interface Question {
  question: string;
  /** The spec's older name for `question`; read when `question` is absent. */
  questionText?: string;
  type?: QuestionType;
  /** The choices; empty (or absent) for a short-answer question. */
  options?: string[];
  answer?: string;
  /** Short answers: other wordings the grader accepts. */
  accepted_answers?: string[];
  explanation?: string;
  source_pages?: number[];
}

export interface TestMetadata {
  topic?: string;
  difficulty?: Difficulty | string;
  question_types?: QuestionType[];
  questions: Question[];
}

/** `GET /api/tests/{id}`: the server's TestInfo with the questions. */
export interface PracticeTest extends TestInfo {
  /** What the source pages of its questions are: a PDF's pages, slides or sections (absent: pages). */
  page_unit?: PageUnit;
  /** The questions' version: sent back with a submission, so one made on questions changed since is refused. */
  version?: string;
  test_metadata: TestMetadata;
}

export interface GenerateRequest {
  file_id: number;
  /** The spec's one sentence built from difficulty, topic and count. */
  prompt: string;
  topic: string;
  difficulty: Difficulty;
  count: number;
  question_types: QuestionType[];
  async: true;
}

export type JobState = ServerJobState;

/** Long work (test generation): `GET /api/jobs/{id}` and its events. */
export type Job = JobView;

export interface SubmitRequest {
  test_id: number;
  /** The version of the questions answered (from the test as it was opened to take). */
  version?: string;
  /** Question index ("0", "1", …) to the chosen or typed answer. */
  answers: Record<string, string>;
}

export interface ReviewItem {
  index: number;
  chosen: string | null;
  /** Null when an assignment withholds the answers for now (see `answers_hidden`). */
  answer: string | null;
  correct: boolean;
}

/** A row of `GET /api/tests/results`. */
export interface ResultSummary {
  result_id: number;
  test_id: number;
  test_name: string;
  /** Percent with one decimal. */
  score: number;
  correct: number;
  total: number;
  submitted_at: string;
  test_metadata: TestMetadata;
  submitted_answers: Record<string, string | null>;
}

/** `POST /api/tests/submit` and `GET /api/results/{id}`: a result with its review. */
export interface TestResult extends ResultSummary {
  review: ReviewItem[];
  /** What the source pages of its questions are: a PDF's pages, slides or sections (absent: pages). */
  page_unit?: PageUnit;
  /** Why the answers are not shown (an assignment's rule), or null when they are. */
  answers_hidden?: string | null;
}

/** `GET /api/ai/insights`: one topic practised, with its figures (the server's own schema). */
export type { TopicInsight as Insight, AccuracyPoint } from "../../../src/study/insights/schema.ts";

/** `GET /api/materials/uploads/{id}/progress`: where the scan of an upload is (OCR's page). */
export type { UploadProgressOut as UploadProgress } from "../../../src/materials/schema.ts";
