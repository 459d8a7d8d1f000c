/**
 * Records one user lends another without handing them over: a teacher's study material shared with a
 * class, a teacher's test assigned to it. The features that own those records (materials, generation,
 * practice) sit below the feature that knows classes and assignments (teaching), so they cannot ask it
 * directly; instead they consult this interface on the scope, and the wiring (server.ts, the CLI's
 * context) registers teaching's implementation when it builds the context. Without a registration
 * nothing is shared, and each feature's own rule (the owner, or an admin) is all there is.
 *
 * Sharing only ever widens what a user may *see or use*: the owner alone still changes or deletes. A
 * record neither owned nor shared stays a 404, so ids reveal nothing.
 */
import type { Scope } from "./context.ts";

/** What can be lent: a study material (view, download, search, generate one's own tests from it) or a test (take it). */
export type SharedKind = "material" | "test";

/** How much of an attempt's review its taker may see. `hidden` says why the answers are withheld (null: all shown). */
export interface ReviewRule {
  hidden: string | null;
}

export interface Sharing {
  /**
   * Whether `scope.user` may use someone else's record. May throw an AppError to refuse with a reason
   * the user should read (a test whose assignment has not opened yet: 403).
   */
  canUse(scope: Scope, kind: SharedKind, id: number): Promise<boolean>;
  /**
   * A submission of someone else's test: the assignment it counts for, or null when the test is not
   * shared with the user. Called inside the submission's transaction, so a limit on attempts it checks
   * holds however many submissions arrive at once; throws 403 (not open yet) or 409 (no attempts left).
   */
  claimAttempt(scope: Scope, testId: number): Promise<{ assignment_id: number } | null>;
  /** What the review of an attempt made for an assignment may show now. */
  reviewRule(scope: Scope, assignmentId: number): Promise<ReviewRule>;
  /**
   * Tests made from this material that are lent to `scope.user` to take (assigned to them, open or not,
   * at most 100): a test they generate themselves from the lent material must not ask these questions,
   * or it would hand them the answers (generation excludes their stems and source sentences).
   */
  protectedTests(scope: Scope, materialId: number): Promise<number[]>;
  /**
   * Whether the test is assigned to a class (whoever asks): its members take it as it is, so its owner
   * may correct wording only. Called inside the edit's transaction.
   */
  testAssigned(scope: Scope, testId: number): Promise<boolean>;
  /**
   * Whether `scope.user` may download someone else's test (an export holds its answers): the teacher
   * allowed it on an assignment and the answers may be shown to the user now. False when no assignment
   * allows it; throws a 403 naming why when one does but not yet (not open, not submitted, not due, never).
   */
  mayExport(scope: Scope, testId: number): Promise<boolean>;
}

/** Nothing is shared: the rule before teaching is wired, and for contexts that never need it. */
export const noSharing: Sharing = {
  canUse: async () => false,
  claimAttempt: async () => null,
  reviewRule: async () => ({ hidden: null }),
  protectedTests: async () => [],
  testAssigned: async () => false,
  mayExport: async () => false,
};
