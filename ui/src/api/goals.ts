/** Goals: progress comes from the student's tests and flashcard reviews, never typed in. */
import type { GoalInput, GoalOut, GoalPatch } from "../../../src/study/goals/schema.ts";
import { api, type CallOptions } from "./client.ts";

export type { GoalInput, GoalKind, GoalOut } from "../../../src/study/goals/schema.ts";
export { GOAL_LIMITS, GOAL_MESSAGES } from "../../../src/study/goals/schema.ts";

export const LOAD_GOALS_FAILED = "Failed to load goals. Please try again.";
export const SAVE_GOAL_FAILED = "Failed to save the goal. Please try again.";
export const DELETE_GOAL_FAILED = "Failed to delete the goal. Please try again.";

export const listGoals = (options?: CallOptions) => api.get<GoalOut[]>("/api/goals", { fallback: LOAD_GOALS_FAILED, ...options });
export const createGoal = (body: GoalInput, options?: CallOptions) => api.post<GoalOut>("/api/goals", body, { fallback: SAVE_GOAL_FAILED, ...options });
export const updateGoal = (id: number, body: GoalPatch, options?: CallOptions) => api.patch<GoalOut>(`/api/goals/${id}`, body, { fallback: SAVE_GOAL_FAILED, ...options });
export const deleteGoal = (id: number, options?: CallOptions) => api.delete<void>(`/api/goals/${id}`, undefined, { fallback: DELETE_GOAL_FAILED, ...options });
