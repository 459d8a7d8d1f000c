/** Teaching: a teacher's class roster and join code, and assignments (for its teacher and its members). */
import type { MyAssignmentOut, TaughtAssignmentOut } from "../../../src/teaching/assignments/schema.ts";
import type { JoinCodeOut, MemberOut } from "../../../src/teaching/classes/schema.ts";
import type { StudyClassDetail } from "./classes.ts";
import { api, type CallOptions } from "./client.ts";

export type { MemberOut, MyAssignmentOut, TaughtAssignmentOut };
export type ShowAnswers = TaughtAssignmentOut["show_answers_after"];
export type AssignmentState = MyAssignmentOut["state"];

export const JOIN_FAILED = "Failed to join the class. Please try again.";
export const LOAD_ASSIGNMENTS_FAILED = "Failed to load the assignments. Please try again.";

export function joinClass(code: string, options?: CallOptions): Promise<StudyClassDetail> {
  return api.post<StudyClassDetail>("/api/classes/join", { code }, { fallback: JOIN_FAILED, ...options });
}

export function regenerateJoinCode(classId: number, options?: CallOptions): Promise<JoinCodeOut> {
  return api.post<JoinCodeOut>(`/api/classes/${classId}/join-code`, undefined, { fallback: "Failed to make a new code. Please try again.", ...options });
}

export function listMembers(classId: number, options?: CallOptions): Promise<MemberOut[]> {
  return api.get<MemberOut[]>(`/api/classes/${classId}/members`, { fallback: "Failed to load the members. Please try again.", ...options });
}

export function addMember(classId: number, email: string, options?: CallOptions): Promise<MemberOut> {
  return api.post<MemberOut>(`/api/classes/${classId}/members`, { email }, { fallback: "Failed to add the student. Please try again.", ...options });
}

export function removeMember(classId: number, userId: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/classes/${classId}/members/${userId}`, undefined, { fallback: "Failed to remove the student. Please try again.", ...options });
}

export interface NewAssignment {
  test_id: number;
  opens_at?: string | null;
  due_at?: string | null;
  attempts_allowed: number;
  show_answers_after: ShowAnswers;
  allow_export?: boolean;
}

export function createAssignment(classId: number, input: NewAssignment, options?: CallOptions): Promise<TaughtAssignmentOut> {
  return api.post<TaughtAssignmentOut>(`/api/classes/${classId}/assignments`, input, { fallback: "Failed to assign the test. Please try again.", ...options });
}

/** The class's assignments: the teacher's view (TaughtAssignmentOut) or a member's (MyAssignmentOut), by the class's role. */
export function listClassAssignments<T extends TaughtAssignmentOut | MyAssignmentOut>(classId: number, options?: CallOptions): Promise<T[]> {
  return api.get<T[]>(`/api/classes/${classId}/assignments`, { fallback: LOAD_ASSIGNMENTS_FAILED, ...options });
}

export function deleteAssignment(classId: number, assignmentId: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/classes/${classId}/assignments/${assignmentId}`, undefined, { fallback: "Failed to remove the assignment. Please try again.", ...options });
}

export function myAssignments(options?: CallOptions): Promise<MyAssignmentOut[]> {
  return api.get<MyAssignmentOut[]>("/api/assignments", { fallback: LOAD_ASSIGNMENTS_FAILED, ...options });
}
