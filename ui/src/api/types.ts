/**
 * Shapes of the server's JSON. Plain interfaces for now; once the server's zod
 * schemas land these become type-only imports of `z.infer` types. Field names
 * are exactly the server's.
 */

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

export interface User {
  id: number;
  username: string;
  email: string;
  is_admin: boolean;
  is_verified: boolean;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  is_verified: boolean;
  username: string;
  email: string;
  is_admin: boolean;
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
}

/** `GET /api/config`: public settings the UI adapts to. */
export interface PublicConfig {
  require_email_verification: boolean;
  /** "openai", "ollama" or "builtin". */
  llm_provider: string;
  llm_model: string;
  max_upload_mb: number;
  max_pdf_pages: number;
  version: string;
}

export interface RecentTest {
  id: number;
  name: string;
  /** Percent, 0–100. */
  score: number;
}

export interface Goal {
  id: number;
  title: string;
  /** Percent, 0–100. */
  progress: number;
}

export interface Statistics {
  average_score: number | null;
  best_score: number | null;
  worst_score: number | null;
}

export interface DashboardNotification {
  message: string;
}

export interface DashboardData {
  recent_tests: RecentTest[];
  goals: Goal[];
  statistics: Statistics;
  notifications: DashboardNotification[];
  background_image: string | null;
}
