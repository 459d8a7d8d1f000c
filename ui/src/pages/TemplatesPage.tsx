/**
 * `/templates`: saved test settings. Add one by name (it takes the generator's defaults), use one
 * (the generator opens with its settings), remove one. The generator saves its current settings too.
 */
import { Link } from "wouter";
import { errorMessage } from "../api/client.ts";
import { addTemplate, ADD_TEMPLATE_FAILED, describeTemplate, listTemplates, LOAD_TEMPLATES_FAILED, removeTemplate, REMOVE_TEMPLATE_FAILED, type Template } from "../api/templates.ts";
import { Button, ButtonLink } from "../components/Button.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { TextField } from "../components/Field.tsx";
import { RecordsPage } from "../components/RecordsPage.tsx";
import { RowDeleteButton } from "../components/RowDeleteButton.tsx";
import { SubmitForm } from "../components/SubmitForm.tsx";
import { Table, type Column } from "../components/Table.tsx";
import { useAction } from "../hooks/useAction.ts";
import { useLoad } from "../hooks/useLoad.ts";
import { useNameField } from "../hooks/useNameField.ts";
import "../styles/organiser.css";

export const TEMPLATE_NAME_EMPTY = "Template name cannot be empty.";
export const NO_TEMPLATES = "No templates available.";

/** The generator, filled in from a template. */
export const templateHref = (id: number) => `/testgenerator?template=${id}`;

function AddTemplateForm({ onAdded }: { onAdded: (t: Template) => void }) {
  const name = useNameField(TEMPLATE_NAME_EMPTY);
  const add = useAction();

  async function onSubmit() {
    const chosen = add.busy ? null : name.take();
    if (!chosen) return;
    const added = await add.run(() => addTemplate({ name: chosen }), (err) => errorMessage(err, ADD_TEMPLATE_FAILED));
    if (!added) return;
    name.clear();
    onAdded(added);
  }

  return (
    <SubmitForm onSubmit={onSubmit} error={add.error}>
      <div className="inline-form">
        <TextField label="Template name" hint="It starts with the generator's defaults: Easy, 5 questions, multiple choice." {...name.props} />
        <Button type="submit" variant="primary" busy={add.busy} busyLabel="Adding…">
          Add Template
        </Button>
      </div>
      <p className="muted">
        To keep a topic, a study guide and other settings, choose them in the <Link href="/testgenerator">Test Generator</Link> and
        press Save as template.
      </p>
    </SubmitForm>
  );
}

function TemplateList({ templates, onRemove }: { templates: Template[]; onRemove: (t: Template) => void }) {
  const columns: Column<Template>[] = [
    { key: "name", header: "Template", primary: true, render: (t) => t.name },
    { key: "settings", header: "Settings", render: (t) => describeTemplate(t) },
    {
      key: "file",
      header: "Study guide",
      render: (t) => (t.filename ? <span className="filename" title={t.filename}>{t.filename}</span> : <span className="muted">Chosen each time</span>),
    },
    {
      key: "actions",
      header: <span className="visually-hidden">Actions</span>,
      label: "",
      align: "end",
      render: (t) => (
        <div className="row-actions">
          <ButtonLink href={templateHref(t.id)} size="sm">
            Use<span className="visually-hidden"> {t.name}</span>
          </ButtonLink>
          <RowDeleteButton name={t.name} label="Remove" onClick={() => onRemove(t)} />
        </div>
      ),
    },
  ];
  return <Table caption="Your templates" columns={columns} rows={templates} rowKey={(t) => t.id} />;
}

export function TemplatesPage() {
  const templates = useLoad("templates", (signal) => listTemplates({ signal }));
  return (
    <RecordsPage
      title="Templates"
      description="Test settings you use often, ready to fill the Test Generator in one step."
      noun="template"
      records={templates}
      addForm={(onAdded) => <AddTemplateForm onAdded={onAdded} />}
      loadFailed={LOAD_TEMPLATES_FAILED}
      empty={
        <EmptyState icon="sliders" title={NO_TEMPLATES}>
          Add one above, or save your settings from the Test Generator.
        </EmptyState>
      }
      list={(rows, onRemove) => <TemplateList templates={rows} onRemove={onRemove} />}
      remove={(t) => removeTemplate(t.id)}
      removeFailed={REMOVE_TEMPLATE_FAILED}
      removeNote="Tests you made with it stay."
    />
  );
}
