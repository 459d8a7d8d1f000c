/**
 * Administration: people, files, analytics, the audit log and announcements.
 * Every shape is the server's own (type-only imports from src/admin and src/accounts).
 */
import type { Role, USER_SORTS } from "../../../src/accounts/directory.ts";
import type { Analytics } from "../../../src/admin/analytics.ts";
import type { Announcement } from "../../../src/admin/announcements.ts";
import type { listAudit } from "../../../src/admin/audit.ts";
import type { AdminFileOut, AdminUserOut, Paged, UserPatch } from "../../../src/admin/schema.ts";
import { api, type CallOptions } from "./client.ts";

export type { AdminFileOut, AdminUserOut, Analytics, Announcement, Paged, Role, UserPatch };

export type UserSort = (typeof USER_SORTS)[number];
export type SortOrder = "asc" | "desc";
export type AnalyticsDays = Analytics["days"];
export type AuditEntry = Awaited<ReturnType<typeof listAudit>>["items"][number];

/** `GET /api/admin/audit`: a page of entries, and every action that occurs in the log (for the filter). */
export interface AuditPage extends Paged<AuditEntry> {
  actions: string[];
}

export interface UserQuery {
  q?: string;
  role?: Role;
  sort?: UserSort;
  order?: SortOrder;
  page?: number;
  per_page?: number;
}

export interface FileQuery {
  q?: string;
  page?: number;
  per_page?: number;
}

export interface AuditQuery {
  q?: string;
  action?: string;
  actor?: string;
  page?: number;
  per_page?: number;
}

export interface PasswordResetAnswer {
  message: string;
  /** The reset link itself, only when mail is not configured (to hand over in person). */
  link: string | null;
}

/** Empty filters are left out of the query string. */
function query<T extends object>(filters: T): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(filters) as [string, unknown][]) {
    if (value !== undefined && value !== null && value !== "") out[key] = value as string | number;
  }
  return out;
}

export function listUsers(filters: UserQuery, options?: CallOptions): Promise<Paged<AdminUserOut>> {
  return api.get<Paged<AdminUserOut>>("/api/admin/users", { ...options, query: query(filters) });
}

export function updateUser(id: number, patch: UserPatch, options?: CallOptions): Promise<AdminUserOut> {
  return api.patch<AdminUserOut>(`/api/admin/users/${id}`, patch, options);
}

export function sendPasswordReset(id: number, options?: CallOptions): Promise<PasswordResetAnswer> {
  return api.post<PasswordResetAnswer>(`/api/admin/users/${id}/password-reset`, undefined, options);
}

/** Deletes the user and everything they own. */
export function deleteUser(id: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/users/${id}`, undefined, options);
}

/** Every user's files (delete one with `deleteFile` from files.ts: an administrator may delete any). */
export function listAllFiles(filters: FileQuery, options?: CallOptions): Promise<Paged<AdminFileOut>> {
  return api.get<Paged<AdminFileOut>>("/api/admin/files", { ...options, query: query(filters) });
}

export function getAnalytics(days: AnalyticsDays, options?: CallOptions): Promise<Analytics> {
  return api.get<Analytics>("/api/admin/analytics", { ...options, query: { days } });
}

export function listAuditLog(filters: AuditQuery, options?: CallOptions): Promise<AuditPage> {
  return api.get<AuditPage>("/api/admin/audit", { ...options, query: query(filters) });
}

export function postAnnouncement(message: string, options?: CallOptions): Promise<Announcement> {
  return api.post<Announcement>("/api/admin/announcements", { message }, options);
}

/** The latest announcements, newest first (any signed-in user). */
export function listAnnouncements(options?: CallOptions): Promise<Announcement[]> {
  return api.get<Announcement[]>("/api/announcements", options);
}
