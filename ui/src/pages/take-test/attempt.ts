/**
 * An attempt kept in localStorage while a test is taken, so an accidental
 * reload keeps the answers, and a retry after a network error sends the same
 * Idempotency-Key (the server then answers with the first result, not a second one).
 */

export interface Attempt {
  /** Question index ("0", "1", …) to the chosen or typed answer. */
  answers: Record<string, string>;
  /** One per attempt; cleared with the answers after a successful submit. */
  key: string;
}

export const attemptStorageKey = (testId: number) => `studyforge:answers:${testId}`;

/** A random UUID; `crypto.randomUUID` exists only on https and localhost, so build one otherwise. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function loadAttempt(testId: number): Attempt {
  try {
    const raw = localStorage.getItem(attemptStorageKey(testId));
    const parsed = raw ? (JSON.parse(raw) as Partial<Attempt>) : null;
    if (parsed && typeof parsed === "object" && parsed.answers && typeof parsed.answers === "object") {
      const answers: Record<string, string> = {};
      for (const [index, value] of Object.entries(parsed.answers)) {
        if (/^\d+$/.test(index) && typeof value === "string") answers[index] = value;
      }
      return { answers, key: typeof parsed.key === "string" && parsed.key ? parsed.key : newAttemptKey() };
    }
  } catch {
    // Storage unavailable (private mode) or damaged: start afresh.
  }
  return { answers: {}, key: newAttemptKey() };
}

export function saveAttempt(testId: number, attempt: Attempt): void {
  try {
    localStorage.setItem(attemptStorageKey(testId), JSON.stringify(attempt));
  } catch {
    // Without storage the answers live only in the page; nothing else to do.
  }
}

export function clearAttempt(testId: number): void {
  try {
    localStorage.removeItem(attemptStorageKey(testId));
  } catch {
    // Nothing stored.
  }
}
