/** Teaching's HTTP routes (class rosters, assignments), added to the router in src/http/app.ts. */
import type { AppRouter } from "../http/state.ts";
import { assignmentRoutes } from "./assignments/routes.ts";
import { rosterRoutes } from "./classes/routes.ts";

export function teachingRoutes(router: AppRouter) {
  rosterRoutes(router);
  assignmentRoutes(router);
}
