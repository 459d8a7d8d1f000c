/**
 * "Item analysis" on the test preview, for the test's owner only. Like "Edit questions", it asks the
 * owner-only questions endpoint whether the user owns the test (anyone else gets a 404 there).
 */
import { getEditableTest } from "../../api/test-editing.ts";
import { ButtonLink } from "../../components/Button.tsx";
import { useLoad } from "../../hooks/useLoad.ts";

export function ItemAnalysisLink({ testId }: { testId: number }) {
  const owner = useLoad(testId, (signal) => getEditableTest(testId, { signal }));
  if (!owner.data) return null;
  return (
    <ButtonLink href={`/tests/${testId}/analysis`} variant="ghost">
      Item analysis
    </ButtonLink>
  );
}
