import { AppError } from "../core/errors.ts";
import { claimIdempotencyKey, IdempotencyKeyHeader } from "../core/idempotency.ts";
import { cancelJob, getJob, isFinal, waitForJob, watchJob, type JobView } from "../core/jobs.ts";
import { requireUser } from "../http/auth.ts";
import { openEventStream } from "../http/sse.ts";
import type { AppRouter, Ctx } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import { IdParams } from "../materials/schema.ts";
import { GenerateInput, RegenerateInput, TestQuery } from "./schema.ts";
import * as generation from "./service.ts";

/** The spec's synchronous answer: wait for the job, then {test_id} or the job's error. */
async function answerWithTest(ctx: Ctx, started: JobView, async: boolean | undefined) {
  const scope = requireUser(ctx);
  if (async) {
    ctx.status = 202;
    ctx.body = started;
    return;
  }
  const view = await waitForJob(scope, started.job_id);
  if (view.state === "done") {
    ctx.body = { test_id: view.test_id, job_id: view.job_id };
    return;
  }
  if (view.state === "cancelled") throw new AppError(409, "Generating the test was cancelled.");
  const error = view.error ?? { status: 500, detail: "Generating the test failed." };
  throw new AppError(error.status, error.detail as string, { extra: error.suggestions ? { suggestions: error.suggestions } : {} });
}

export function generationRoutes(router: AppRouter) {
  // With an Idempotency-Key, a retry (on any instance) follows the first request's job or gets its answer.
  router.post("/api/gpt/generate", async (ctx) => {
    const scope = requireUser(ctx);
    const input = parse(GenerateInput, ctx.request.body);
    const key = ctx.get("Idempotency-Key") ? parse(IdempotencyKeyHeader, ctx.get("Idempotency-Key"), "body") : undefined;
    const claim = key ? await claimIdempotencyKey(scope, "generate", key) : undefined;
    if (claim?.earlier) {
      if (claim.earlier.job_id === undefined) ctx.body = claim.earlier.response;
      else await answerWithTest(ctx, await getJob(scope, claim.earlier.job_id), input.async);
      return;
    }
    let started: JobView;
    try {
      if (input.file_id === undefined) {
        ctx.body = await generation.generateFree(scope, input);
        await claim?.answered(ctx.body);
        return;
      }
      started = await generation.startGeneration(scope, input);
      await claim?.started(started.job_id);
    } catch (err) {
      await claim?.release();
      throw err;
    }
    await answerWithTest(ctx, started, input.async);
  });

  router.post("/api/tests/:id/regenerate", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const { async } = parse(RegenerateInput, ctx.request.body);
    await answerWithTest(ctx, await generation.regenerate(scope, id), async);
  });

  router.get("/api/tests/:id", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const { mode } = parse(TestQuery, ctx.query, "query");
    ctx.body = await generation.getTest(scope, id, mode);
  });

  router.get("/api/jobs/:id", async (ctx) => {
    ctx.body = await getJob(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.post("/api/jobs/:id/cancel", async (ctx) => {
    ctx.body = await cancelJob(requireUser(ctx), parse(IdParams, ctx.params, "path").id);
  });

  router.get("/api/jobs/:id/events", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    const first = await getJob(scope, id);
    let unsubscribe = () => {};
    let ended = false;
    const stream = openEventStream(ctx, () => unsubscribe());
    const send = (view: JobView) => {
      if (ended) return;
      if (!isFinal(view)) return stream.send("progress", view);
      ended = true;
      stream.send(view.state === "done" ? "done" : view.state === "cancelled" ? "cancelled" : "failed", view);
      stream.end();
    };
    unsubscribe = watchJob(scope, id, send);
    send(first);
  });
}
