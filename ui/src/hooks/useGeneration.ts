import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, isAbortError, messageFromBody, type CallOptions } from "../api/client.ts";
import { cancelJob, followJob, isFinished } from "../api/jobs.ts";
import type { Job } from "../api/types.ts";

export const GENERATE_FAILED = "Failed to generate test. Try again.";

export interface Generation {
  /** True from the request until the job ends (the overlay is open). */
  running: boolean;
  /** The job as last reported (progress); null before the server has answered. */
  job: Job | null;
  /** Why the last generation failed: the server's message, and topic suggestions when it has some. */
  error: ApiError | null;
  /** True when the student cancelled the last generation. */
  cancelled: boolean;
  /**
   * Starts a generation and follows it to its end. `begin` posts the request with
   * the options it is given (a signal, the failure message) and answers with the job.
   */
  start: (begin: (options: CallOptions) => Promise<Job>) => Promise<void>;
  /** Cancels the running generation on the server and closes the overlay. */
  cancel: () => void;
  /** Forgets the last error and cancellation. */
  reset: () => void;
}

function failure(job: Job): ApiError {
  const error = job.error;
  if (!error) return new ApiError(500, GENERATE_FAILED);
  return new ApiError(error.status, messageFromBody({ detail: error.detail }, GENERATE_FAILED), {
    suggestions: error.suggestions,
  });
}

/**
 * Generating a test as a job, shared by the generator and the test preview
 * (Regenerate): start it, follow its progress (Server-Sent Events, or polling),
 * cancel it, and call `onDone` with the new test's id when it is written.
 */
export function useGeneration(onDone: (testId: number) => void): Generation {
  const [running, setRunning] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<number | null>(null);
  const done = useRef(onDone);

  useEffect(() => {
    done.current = onDone;
  });

  // Leaving the page stops following the job (it still finishes on the server).
  useEffect(() => () => controller.current?.abort(), []);

  const finish = useCallback((final: Job) => {
    setRunning(false);
    if (final.state === "done" && final.test_id !== undefined) done.current(final.test_id);
    else if (final.state === "cancelled") setCancelled(true);
    else setError(failure(final));
  }, []);

  const start = useCallback(
    async (begin: (options: CallOptions) => Promise<Job>) => {
      if (controller.current && !controller.current.signal.aborted) return; // one at a time
      const own = new AbortController();
      controller.current = own;
      jobId.current = null;
      setError(null);
      setCancelled(false);
      setJob(null);
      setRunning(true);
      try {
        const started = await begin({ signal: own.signal, fallback: GENERATE_FAILED });
        jobId.current = started.job_id;
        setJob(started);
        const final = isFinished(started) ? started : await followJob(started.job_id, setJob, own.signal);
        finish(final);
      } catch (err) {
        if (own.signal.aborted || isAbortError(err)) return;
        setRunning(false);
        setError(err instanceof ApiError ? err : new ApiError(0, GENERATE_FAILED));
      } finally {
        own.abort();
      }
    },
    [finish],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setRunning(false);
    setJob(null);
    setCancelled(true);
    const id = jobId.current;
    if (id === null) return;
    // The job may have just finished; a finished test is still worth showing.
    cancelJob(id).then(
      (answer) => {
        if (answer.state === "done" && answer.test_id !== undefined) {
          setCancelled(false);
          done.current(answer.test_id);
        }
      },
      () => undefined,
    );
  }, []);

  const reset = useCallback(() => {
    setError(null);
    setCancelled(false);
  }, []);

  return { running, job, error, cancelled, start, cancel, reset };
}
