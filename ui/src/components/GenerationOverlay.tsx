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

export const GENERATING_TEXT = "Generating test with GPT... Please wait.";

export function GenerationOverlay({ generation }: { generation: Generation }) {
  const { config } = useSession();
  const { job } = generation;
  const total = job?.progress.total ?? 0;
  const written = Math.min(job?.progress.done ?? 0, total);
  const waiting = !job || job.state === "queued";
  return (
    <Modal
      open={generation.running}
      title={GENERATING_TEXT}
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
        <p className="generation__provider">Using {providerName(config.llm_provider, config.llm_model)}.</p>
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
