/**
 * `/upload`: choose or drop a PDF, upload it with real progress, wait for the
 * scan, then go on to the generator; below, the upload history.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { errorMessage } from "../api/client.ts";
import { listFiles, newUploadId, uploadFile, type UploadedFile } from "../api/files.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Card } from "../components/Card.tsx";
import { Page } from "../components/Page.tsx";
import { ProgressBar } from "../components/ProgressBar.tsx";
import { RetryAlert } from "../components/RetryAlert.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { plural } from "../format.ts";
import { useSession } from "../hooks/session.tsx";
import { useLoad } from "../hooks/useLoad.ts";
import { ACCEPTED_KINDS, mayBeAccepted, NOT_ACCEPTED } from "./upload/accepted.ts";
import { DropZone } from "./upload/DropZone.tsx";
import { UploadHistory } from "./upload/UploadHistory.tsx";
import { ocrProgressText, useScanProgress } from "./upload/useScanProgress.ts";

export const UPLOAD_FAILED = "Upload failed. Check console.";
/** How long the finished bar stays full before it resets (spec §9). */
export const PROGRESS_RESET_MS = 800;

type Phase = "idle" | "uploading" | "scanning" | "finished";

/** The same refusals the server would give, before any byte is sent. */
export function checkFile(file: File, maxMb: number): string | null {
  if (!mayBeAccepted(file)) return NOT_ACCEPTED;
  if (file.size > maxMb * 1024 * 1024) return `The file is larger than ${maxMb} MB.`;
  return null;
}

/** What becomes of a scan of paper: read by OCR, or refused when the server has OCR off. */
function scanHint(ocrMaxPages: number): string {
  return ocrMaxPages > 0
    ? `Scans are read by OCR, up to ${plural(ocrMaxPages, "page")} a file (a few seconds a page).`
    : "The text must be selectable (not a scan of paper).";
}

function successText({ file, created }: UploadedFile): string {
  return created
    ? `"${file.filename}" is ready: ${plural(file.pages, file.page_unit)} scanned.`
    : `"${file.filename}" was already uploaded (${plural(file.pages, file.page_unit)}). It is ready to use.`;
}

export function UploadPage() {
  const { config } = useSession();
  const [, navigate] = useLocation();
  const history = useLoad("files", (signal) => listFiles({ signal }));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [percent, setPercent] = useState(0);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = phase === "uploading" || phase === "scanning";
  const [uploadId, setUploadId] = useState<string | null>(null);
  const scanProgress = useScanProgress(phase === "scanning" ? uploadId : null);
  const ocrText = ocrProgressText(scanProgress);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  function choose(chosen: File | null) {
    setError(null);
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = checkFile(chosen, config.max_upload_mb);
    setFileError(problem);
    setFile(problem ? null : chosen);
    if (problem && inputRef.current) inputRef.current.value = "";
  }

  async function onUpload() {
    if (!file || busy) return; // spec §5: ignored without a file or while one is in progress
    const problem = checkFile(file, config.max_upload_mb);
    if (problem) {
      setFileError(problem);
      return;
    }
    clearTimeout(resetTimer.current);
    setError(null);
    setUploaded(null);
    setPercent(0);
    setPhase("uploading");
    const id = newUploadId();
    setUploadId(id);
    try {
      const answer = await uploadFile(file, (sent) => {
        setPercent(sent);
        if (sent >= 100) setPhase("scanning");
      }, { fallback: UPLOAD_FAILED }, id);
      setUploaded(answer);
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
      history.reload();
    } catch (err) {
      console.error("Upload failed:", err);
      setError(errorMessage(err, UPLOAD_FAILED));
    } finally {
      setPercent(100);
      setPhase("finished");
      resetTimer.current = setTimeout(() => {
        setPhase("idle");
        setPercent(0);
      }, PROGRESS_RESET_MS);
    }
  }

  const ready = uploaded !== null && !file;
  return (
    <Page title="File Upload" description="Upload a study guide: a PDF, Word or PowerPoint file, an OpenDocument text or presentation, or a text or Markdown file. StudyForge reads its text so you can make practice tests from it.">
      <div className="stack stack--lg">
        <Card title="Upload a study guide" className="upload-card">
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              void onUpload();
            }}
          >
            <DropZone
              file={file}
              onChoose={choose}
              error={fileError}
              disabled={busy}
              inputRef={inputRef}
              hint={`${ACCEPTED_KINDS}, up to ${config.max_upload_mb} MB and ${config.max_pdf_pages.toLocaleString()} pages or slides. ${scanHint(config.ocr_max_pages)}`}
            />
            {phase !== "idle" && (
              <div className="upload-progress">
                {phase === "scanning" && ocrText && scanProgress?.page && scanProgress.pages ? (
                  <ProgressBar label="Scanning…" value={(100 * (scanProgress.page - 1)) / scanProgress.pages} valueText={ocrText} />
                ) : phase === "scanning" ? (
                  <ProgressBar label="Scanning…" valueText="Reading the pages" indeterminate />
                ) : (
                  <ProgressBar
                    label={phase === "finished" ? "Done" : "Uploading…"}
                    value={percent}
                    tone={phase === "finished" && !error ? "success" : "primary"}
                  />
                )}
              </div>
            )}
            {error && <Alert kind="error">{error}</Alert>}
            {uploaded && !error && <Alert kind="success">{successText(uploaded)}</Alert>}
            <div className="button-row">
              <Button
                type="submit"
                variant={ready ? "secondary" : "primary"}
                size="lg"
                disabled={!file}
                busy={busy}
                busyLabel={phase === "scanning" ? "Scanning…" : "Uploading…"}
              >
                Upload and Scan
              </Button>
              <Button
                variant={ready ? "primary" : "secondary"}
                size="lg"
                disabled={!uploaded || busy}
                onClick={() => uploaded && navigate(`/testgenerator?file=${uploaded.file.file_id}`)}
              >
                Generate Test
              </Button>
            </div>
          </form>
        </Card>

        <Card title="Upload History">
          {history.loading && !history.data && <Spinner label="Loading your study guides…" />}
          {history.failed && (
            <RetryAlert onRetry={history.reload}>Failed to load your upload history.</RetryAlert>
          )}
          {history.data && <UploadHistory files={history.data} onChanged={history.reload} />}
        </Card>
      </div>
    </Page>
  );
}
