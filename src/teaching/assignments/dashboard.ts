import type { Scope } from "../../core/context.ts";
import type { MyAssignmentOut } from "./schema.ts";
import { myAssignments } from "./service.ts";

/** Assignments on the dashboard: what is to do first; the rest are on each class's page and GET /api/assignments. */
export const DASHBOARD_ASSIGNMENTS = 5;

export interface DashboardAssignments {
  assignments: MyAssignmentOut[];
  /** How many are still to do, in all. */
  assignments_to_do: number;
}

/** Teaching's section of GET /api/dashboard (see DashboardSection in src/study/dashboard.ts). */
export async function dashboardAssignments(scope: Scope): Promise<DashboardAssignments> {
  const all = await myAssignments(scope);
  return { assignments: all.slice(0, DASHBOARD_ASSIGNMENTS), assignments_to_do: all.filter((a) => a.state === "to_do").length };
}
