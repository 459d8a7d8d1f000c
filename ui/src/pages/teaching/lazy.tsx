/**
 * The teaching pages that draw charts, loaded only when opened (the chart library is the UI's largest
 * part), each behind its own spinner so routes.tsx lists them like any other page.
 */
import { lazy, Suspense } from "react";
import { PageSpinner } from "../../components/Spinner.tsx";

const ItemAnalysisPage = lazy(() => import("./ItemAnalysisPage.tsx").then((m) => ({ default: m.ItemAnalysisPage })));

export function ItemAnalysisRoute() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ItemAnalysisPage />
    </Suspense>
  );
}
