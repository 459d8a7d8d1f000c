/** The dashboard summary: recent tests, goals, statistics, notifications. */
import { api, type CallOptions } from "./client.ts";
import type { DashboardData } from "./types.ts";

export function getDashboard(options?: CallOptions): Promise<DashboardData> {
  return api.get<DashboardData>("/api/dashboard", options);
}
