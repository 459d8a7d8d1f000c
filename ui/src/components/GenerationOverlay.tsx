/**
 * The full-screen, blocking overlay while a test is being written (spec §2):
 * the spec's line, which generator is at work, live progress and Cancel.
 */
import type { Generation } from "../hooks/useGeneration.ts";
import { useSession } from "../hooks/session.tsx";
import { plural, providerName } from "../format.ts";
import { Button } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { Modal } from "./Modal.tsx";
import { ProgressBar } from "./ProgressBar.tsx";

/** The spec's line, which is true when the provider is OpenAI. */
export const GENERATING_TEXT = "Generating test with GPT... Please wait.";

/** The overlay's title, naming the generator at work: the spec's text for OpenAI, the real name otherwise. */
export function generatingText(provider: string, model: string): string {
  return provider === "openai" ? GENERATING_TEXT : `Generating test with ${providerName(provider, model)}... Please wait.`;
}

/**
 * `provider`: set when the page knows the test is not written by the configured provider (a study set
 * typed by hand makes its test from its own cards); otherwise the server's configured one, which is the
 * one every generation job uses.
 */
export function GenerationOverlay({ generation, provider }: { generation: Generation; provider?: "study-set" }) {
  const { config } = useSession();
  const name = provider ?? config.llm_provider;
  const model = provider ? "" : config.llm_model;
  const { job } = generation;
  const total = job?.progress.total ?? 0;
  const written = Math.min(job?.progress.done ?? 0, total);
  const waiting = !job || job.state === "queued";
  return (
    <Modal
      open={generation.running}
      title={generatingText(name, model)}
      onClose={generation.cancel}
      dismissible={false}
      closeButton={false}
      className="modal--blocking"
      footer={<Button onClick={generation.cancel}>Cancel</Button>}
    >
      <div className="generation">
        <span className="generation__icon">
          <Icon name="sparkles" size={28} />
        </span>
        {name === "openai" && <p className="generation__provider">Using {providerName(name, model)}.</p>}
        <div aria-live="polite" className="generation__progress">
          <ProgressBar
            label={waiting ? "Starting…" : "Writing questions"}
            indeterminate={total === 0}
            value={total ? (written / total) * 100 : 0}
            valueText={total ? `${written} of ${plural(total, "question")}` : undefined}
          />
        </div>
      </div>
    </Modal>
  );
}
