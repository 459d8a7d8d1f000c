/** Study guides: the upload history, upload with scan, download, search and delete. */
import { api, uploadWithStatus, type CallOptions } from "./client.ts";
import type { FileSearchResult, StudyFile } from "./types.ts";

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

/** Uploads one PDF and waits for the server's scan. `onProgress` gets the percent of bytes sent. */
export async function uploadFile(
  file: File,
  onProgress?: (percent: number) => void,
  options?: CallOptions,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const { status, body } = await uploadWithStatus<StudyFile>("/api/files/upload/scan/", form, onProgress, options);
  return { file: body, created: status === 201 };
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
