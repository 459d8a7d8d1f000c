/** "Save as template" in the generator: names the current settings and stores them as a template. */
import { useId } from "react";
import { errorMessage } from "../../api/client.ts";
import { addTemplate, ADD_TEMPLATE_FAILED, type Template, type TemplateSettings } from "../../api/templates.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { TextField } from "../../components/Field.tsx";
import { SubmitForm } from "../../components/SubmitForm.tsx";
import { useAction } from "../../hooks/useAction.ts";
import { useNameField } from "../../hooks/useNameField.ts";
import { TEMPLATE_NAME_EMPTY } from "../TemplatesPage.tsx";

export interface SaveTemplateDialogProps {
  open: boolean;
  /** The generator's settings as they are now (without the name). */
  settings: Omit<TemplateSettings, "name">;
  onClose: () => void;
  onSaved: (template: Template) => void;
}

export function SaveTemplateDialog({ open, settings, onClose, onSaved }: SaveTemplateDialogProps) {
  const formId = useId();
  const name = useNameField(TEMPLATE_NAME_EMPTY);
  const save = useAction();

  function close() {
    save.setError(null);
    onClose();
  }

  async function onSubmit() {
    const chosen = save.busy ? null : name.take();
    if (!chosen) return;
    const saved = await save.run(() => addTemplate({ ...settings, name: chosen }), (err) => errorMessage(err, ADD_TEMPLATE_FAILED));
    if (!saved) return;
    name.clear();
    onSaved(saved);
  }

  return (
    <ConfirmDialog open={open} title="Save as template" confirmLabel="Save template" form={formId} onCancel={close} busy={save.busy} busyLabel="Saving…" error={save.error}>
      <SubmitForm id={formId} onSubmit={onSubmit}>
        <TextField
          label="Template name"
          hint="The study guide, topic, difficulty, number of questions and question types are saved as they are now."
          {...name.props}
        />
      </SubmitForm>
    </ConfirmDialog>
  );
}
