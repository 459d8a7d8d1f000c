/** Study guides: the upload history, upload with scan, download, search and delete. */
import { api, uploadWithStatus, withQuery, type CallOptions } from "./client.ts";
import type { FileSearchResult, StudyFile, UploadProgress } from "./types.ts";

export function listFiles(options?: CallOptions): Promise<StudyFile[]> {
  return api.get<StudyFile[]>("/api/files/", options);
}

export function getFile(id: number, options?: CallOptions): Promise<StudyFile> {
  return api.get<StudyFile>(`/api/files/${id}`, options);
}

export interface UploadedFile {
  file: StudyFile;
  /** False when this user had already uploaded the same bytes (the server answers 200, not 201). */
  created: boolean;
}

/**
 * Uploads one PDF and waits for the server's scan. `onProgress` gets the percent of bytes sent;
 * `uploadId` names the upload so that its scan's progress can be asked for (uploadProgress).
 */
export async function uploadFile(
  file: File,
  onProgress?: (percent: number) => void,
  options?: CallOptions,
  uploadId?: string,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const path = withQuery("/api/files/upload/scan/", { upload: uploadId });
  const { status, body } = await uploadWithStatus<StudyFile>(path, form, onProgress, options);
  return { file: body, created: status === 201 };
}

/** A new id for an upload: random, so that nobody guesses it (crypto.randomUUID needs HTTPS; this does not). */
export function newUploadId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Where the scan of the caller's upload `uploadId` is; 404 before it starts and after it ends. */
export function uploadProgress(uploadId: string, options?: CallOptions): Promise<UploadProgress> {
  return api.get<UploadProgress>(`/api/materials/uploads/${encodeURIComponent(uploadId)}/progress`, options);
}

export function deleteFile(id: number, options?: CallOptions): Promise<void> {
  return api.delete<void>(`/api/files/${id}`, undefined, options);
}

export function searchFile(id: number, query: string, options?: CallOptions): Promise<FileSearchResult> {
  return api.get<FileSearchResult>(`/api/files/${id}/search`, { ...options, query: { q: query } });
}

/** Where the browser downloads the original PDF (a link, not a fetch). */
export function fileDownloadUrl(id: number): string {
  return `/api/files/${id}/download`;
}
