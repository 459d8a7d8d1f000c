import { requireUser } from "../../http/auth.ts";
import type { AppRouter } from "../../http/state.ts";
import { getInsights } from "./service.ts";

export function insightRoutes(router: AppRouter) {
  router.get("/api/ai/insights", async (ctx) => {
    ctx.body = await getInsights(requireUser(ctx));
  });
}
