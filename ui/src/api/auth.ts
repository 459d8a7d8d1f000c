/** Sign-up, login, logout, e-mail verification and password reset. */
import { api, type CallOptions } from "./client.ts";
import type {
  ActiveSession,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  User,
} from "./types.ts";

/** The signed-in user; a 401 here just means nobody is signed in. */
export function getCurrentUser(options?: CallOptions): Promise<User> {
  return api.get<User>("/api/auth/me", { ...options, allow401: true });
}

export function login(body: LoginRequest, options?: CallOptions): Promise<LoginResponse> {
  return api.post<LoginResponse>("/api/auth/login", body, { ...options, allow401: true });
}

export function register(body: RegisterRequest, options?: CallOptions): Promise<RegisterResponse> {
  return api.post<RegisterResponse>("/api/auth/register", body, { ...options, allow401: true });
}

export function logout(options?: CallOptions): Promise<void> {
  return api.post<void>("/api/auth/logout", undefined, { ...options, allow401: true });
}

/** Ends every session of this account, on every device. */
export function logoutAll(options?: CallOptions): Promise<void> {
  return api.post<void>("/api/auth/logout-all", undefined, options);
}

/** Where the account is signed in: one row per sign-in, this device marked. */
export function listSessions(options?: CallOptions): Promise<ActiveSession[]> {
  return api.get<ActiveSession[]>("/api/auth/sessions", options);
}

/** Ends one session (ending this device's is logging out). */
export function endSession(id: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/auth/sessions/${id}`, undefined, options);
}

export function resendVerification(email: string, options?: CallOptions): Promise<MessageResponse> {
  return api.post<MessageResponse>("/api/auth/resend-verification", { email }, { ...options, allow401: true });
}

export function forgotPassword(email: string, options?: CallOptions): Promise<MessageResponse> {
  return api.post<MessageResponse>("/api/auth/forgot-password", { email }, { ...options, allow401: true });
}

export function resetPassword(body: ResetPasswordRequest, options?: CallOptions): Promise<MessageResponse> {
  return api.post<MessageResponse>("/api/auth/reset-password", body, { ...options, allow401: true });
}

/** The server endpoint an e-mailed verification link leads to (a browser navigation, not a fetch). */
export function verifyEmailUrl(token: string): string {
  return `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
}
