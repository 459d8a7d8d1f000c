/** The HTTP adapter of editing a test's questions (edit.ts); every route is its owner's alone. */
import { AppError } from "../core/errors.ts";
import { waitForJob } from "../core/jobs.ts";
import { IdParams } from "../core/schema.ts";
import { requireUser } from "../http/auth.ts";
import type { AppRouter } from "../http/state.ts";
import { parse } from "../http/validate.ts";
import * as edit from "./edit.ts";
import { NewQuestionInput, QuestionParams, QuestionPatch, RegenerateQuestionInput, ReorderInput, VersionQuery } from "./edit-schema.ts";

export function testEditRoutes(router: AppRouter) {
  router.get("/api/tests/:id/questions", async (ctx) => {
    const scope = requireUser(ctx);
    ctx.body = await edit.getEditableTest(scope, parse(IdParams, ctx.params, "path").id);
  });

  router.post("/api/tests/:id/questions", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await edit.addQuestion(scope, id, parse(NewQuestionInput, ctx.request.body));
    ctx.status = 201;
  });

  router.post("/api/tests/:id/questions/reorder", async (ctx) => {
    const scope = requireUser(ctx);
    const { id } = parse(IdParams, ctx.params, "path");
    ctx.body = await edit.reorderQuestions(scope, id, parse(ReorderInput, ctx.request.body));
  });

  router.patch("/api/tests/:id/questions/:index", async (ctx) => {
    const scope = requireUser(ctx);
    const { id, index } = parse(QuestionParams, ctx.params, "path");
    ctx.body = await edit.editQuestion(scope, id, index, parse(QuestionPatch, ctx.request.body));
  });

  router.delete("/api/tests/:id/questions/:index", async (ctx) => {
    const scope = requireUser(ctx);
    const { id, index } = parse(QuestionParams, ctx.params, "path");
    ctx.body = await edit.deleteQuestion(scope, id, index, parse(VersionQuery, ctx.query, "query").version);
  });

  // Written as a job (edit.ts says why); by default the answer waits for it and is the edited test.
  router.post("/api/tests/:id/questions/:index/regenerate", async (ctx) => {
    const scope = requireUser(ctx);
    const { id, index } = parse(QuestionParams, ctx.params, "path");
    const input = parse(RegenerateQuestionInput, ctx.request.body);
    const started = await edit.startQuestionRegeneration(scope, id, index, input.version);
    if (input.async) {
      ctx.status = 202;
      ctx.body = started;
      return;
    }
    const view = await waitForJob(scope, started.job_id);
    if (view.state === "cancelled") throw new AppError(409, "Writing the question again was cancelled.");
    if (view.state !== "done") {
      const error = view.error ?? { status: 500, detail: "Writing the question again failed." };
      throw new AppError(error.status, error.detail as string);
    }
    ctx.body = await edit.getEditableTest(scope, id);
  });
}
