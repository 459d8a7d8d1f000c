/**
 * The progress of an upload's scan, asked of the server once a second while it runs: OCR takes seconds
 * a page, and a long scan should say where it is rather than show a bar that only moves.
 */
import { useEffect, useState } from "react";
import { uploadProgress } from "../../api/files.ts";
import type { UploadProgress } from "../../api/types.ts";

export const PROGRESS_POLL_MS = 1000;

/** "Reading page 12 of 40 (OCR)…" while OCR reads a page; null otherwise. */
export function ocrProgressText(progress: UploadProgress | null): string | null {
  if (progress?.phase !== "ocr" || !progress.page || !progress.pages) return null;
  return `Reading page ${progress.page} of ${progress.pages} (OCR)…`;
}

/** The latest progress of upload `uploadId` while it is given (null: not scanning, nothing polled). */
export function useScanProgress(uploadId: string | null): UploadProgress | null {
  // Kept with the upload it belongs to, so a new upload never shows the last one's page.
  const [latest, setLatest] = useState<{ uploadId: string; progress: UploadProgress } | null>(null);
  useEffect(() => {
    if (!uploadId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        setLatest({ uploadId, progress: await uploadProgress(uploadId, { signal: controller.signal }) });
      } catch {
        // 404 before the scan starts and after it ends; a failed poll is tried again at the next.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [uploadId]);
  return latest && latest.uploadId === uploadId ? latest.progress : null;
}
