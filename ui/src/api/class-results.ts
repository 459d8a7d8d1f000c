/** A teacher's class results (the gradebook) and its CSV: the server's own shapes, imported type-only. */
import type { AssignmentResultsOut, ClassResultsOut, MemberResultOut } from "../../../src/teaching/results/schema.ts";
import { api, type CallOptions } from "./client.ts";

export type { AssignmentResultsOut, ClassResultsOut, MemberResultOut };

/** The gradebook's overview, with the member table of `assignment` (the newest when not given). */
export function getClassResults(classId: number, assignment: number | undefined, options?: CallOptions): Promise<ClassResultsOut> {
  return api.get<ClassResultsOut>(`/api/classes/${classId}/results${assignment === undefined ? "" : `?assignment=${assignment}`}`, options);
}

/** Where the browser downloads the grades as CSV (a plain link: the session cookie goes with it). */
export const gradesCsvUrl = (classId: number) => `/api/classes/${classId}/results.csv`;
