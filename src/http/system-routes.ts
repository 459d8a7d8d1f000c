import { VERSION } from "../core/context.ts";
import type { AppRouter } from "./state.ts";
import { describeProvider } from "../generation/describe.ts";

/** Health for load balancers and monitors; public configuration for the UI. */
export function systemRoutes(router: AppRouter) {
  router.get("/api/health", async (ctx) => {
    const { db } = ctx.state.app;
    let database = "ok";
    try {
      await Promise.race([db.raw("select 1"), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref())]);
    } catch {
      database = "unavailable";
    }
    ctx.status = database === "ok" ? 200 : 503;
    ctx.body = { status: database === "ok" ? "ok" : "degraded", version: VERSION, database };
  });

  router.get("/api/config", async (ctx) => {
    const { config } = ctx.state.app;
    const provider = describeProvider(config);
    ctx.body = {
      require_email_verification: config.requireEmailVerification,
      llm_provider: provider.name,
      llm_model: provider.model,
      max_upload_mb: config.maxUploadMb,
      max_pdf_pages: config.maxPdfPages,
      ocr_max_pages: config.ocrMaxPages,
      version: VERSION,
    };
  });
}
