/**
 * "Edit questions" on the test preview, shown only to the test's owner: the editing endpoint answers
 * the owner alone (anyone else gets a 404), so asking it is how the page knows.
 */
import { getEditableTest } from "../../api/test-editing.ts";
import { useLoad } from "../../hooks/useLoad.ts";
import { Button } from "../Button.tsx";

export function EditQuestionsButton({ testId, editing, onClick }: { testId: number; editing: boolean; onClick: () => void }) {
  const owner = useLoad(testId, (signal) => getEditableTest(testId, { signal }));
  if (!owner.data || editing) return null;
  return <Button onClick={onClick}>Edit questions</Button>;
}
