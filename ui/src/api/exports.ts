/**
 * Downloads a test's export (GET /api/tests/{id}/export). Fetched rather than followed as a link so a
 * refusal shows as a message beside the menu instead of a JSON page, and so the notice of what a format
 * left out (Aiken: questions that are not multiple choice) can be shown.
 */
import { NOTICE_HEADER, type ExportFormat } from "../../../src/teaching/exports/schema.ts";
import { ApiError, DEFAULT_ERROR, NETWORK_ERROR, messageFromBody, withQuery } from "./client.ts";

export { ANSWER_KEY_INFO, EXPORT_FORMATS, FORMAT_INFO } from "../../../src/teaching/exports/schema.ts";
export type { ExportFormat } from "../../../src/teaching/exports/schema.ts";

export interface ExportOptions {
  key?: boolean;
  paper?: "a4" | "letter";
}

export interface SavedExport {
  filename: string;
  /** What the format left out, in a sentence (null: nothing). */
  notice: string | null;
}

/** The name from Content-Disposition: the UTF-8 `filename*` when present, else the plain `filename`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // A malformed encoding: the plain name below is still there.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? fallback;
}

/** Hands a downloaded file to the browser's save dialog (or Downloads folder). */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download at once; the URL may go after it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadExport(testId: number, format: ExportFormat, options: ExportOptions = {}): Promise<SavedExport> {
  const query = { format, key: options.key ? 1 : undefined, paper: options.paper };
  let response: Response;
  try {
    response = await fetch(withQuery(`/api/tests/${testId}/export`, query), { credentials: "include" });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, messageFromBody(body, DEFAULT_ERROR));
  }
  const filename = filenameFrom(response.headers.get("content-disposition"), `test-${testId}`);
  save(await response.blob(), filename);
  return { filename, notice: response.headers.get(NOTICE_HEADER) };
}
