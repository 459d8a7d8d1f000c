/** How the administration pages name roles, sizes and audit actions. */
import type { Role } from "../../api/admin.ts";
import { formatDateTime } from "../../format.ts";

export const ROLE_LABELS: Record<Role, string> = { student: "Student", teacher: "Teacher", admin: "Administrator" };
export const ROLES = Object.keys(ROLE_LABELS) as Role[];

/** "a student", "a teacher", "an administrator". */
export function roleWithArticle(role: Role): string {
  const name = ROLE_LABELS[role].toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** "0 B", "980 B", "361.5 KB", "12.4 MB", "1.2 GB" (powers of 1,024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** A date and time, or "Never" when there is none. */
export function formatWhen(iso: string | null | undefined, never = "Never"): string {
  return iso ? formatDateTime(iso) : never;
}

const ACTION_LABELS: Record<string, string> = {
  "user.role": "Role changed",
  "user.disable": "Account disabled",
  "user.enable": "Account enabled",
  "user.verify": "Marked as verified",
  "user.unverify": "Marked as unverified",
  "user.delete": "User deleted",
  "user.create": "User created",
  "user.password_reset": "Reset link sent",
  "file.delete": "File deleted",
  "announcement.post": "Announcement posted",
  cleanup: "Cleanup",
  restore: "Restore",
  backup: "Backup",
};

/** "User deleted" for `user.delete`; an action this page does not know reads as its code. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
