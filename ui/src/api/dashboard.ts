/** The dashboard summary: recent tests, goals, statistics, notifications, flashcards due, recent scores. */
import type { DashboardOut } from "../../../src/study/dashboard.ts";
import { api, type CallOptions } from "./client.ts";

/** The server's own shape (src/study/dashboard.ts). */
export type DashboardData = DashboardOut;

export function getDashboard(options?: CallOptions): Promise<DashboardData> {
  return api.get<DashboardData>("/api/dashboard", options);
}
