/** The dashboard summary: recent tests, goals, statistics, notifications, flashcards due, recent scores, assignments. */
import type { DashboardOut } from "../../../src/study/dashboard.ts";
import type { DashboardAssignments } from "../../../src/teaching/assignments/dashboard.ts";
import { api, type CallOptions } from "./client.ts";

/** The server's own shape (src/study/dashboard.ts, with teaching's section merged in). */
export type DashboardData = DashboardOut & DashboardAssignments;

export function getDashboard(options?: CallOptions): Promise<DashboardData> {
  return api.get<DashboardData>("/api/dashboard", options);
}
