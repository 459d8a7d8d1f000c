import { z } from "zod";
import { PAGE_UNITS } from "./formats/types.ts";

export const FileOut = z.object({
  file_id: z.number(),
  filename: z.string(),
  uploadedAt: z.string(),
  /** Kilobytes with two decimals, as the upload history shows it. */
  size: z.number(),
  pages: z.number(),
  /** What `pages` counts and questions cite: "page" (PDF), "slide" (presentations) or "section" (text documents). */
  page_unit: z.enum(PAGE_UNITS),
});
export type FileOut = z.infer<typeof FileOut>;

export { IdParams } from "../core/schema.ts";

export const SearchQuery = z.object({
  q: z.string({ error: "Say what to search for (q)." }).trim().min(1, "Say what to search for (q).").max(200, "The search is too long."),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** The id a client gives its upload to follow its progress (upload-progress.ts). */
const UploadKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "The upload id must be 1 to 64 letters, digits, '-' or '_'.");
export const UploadKeyQuery = z.object({ upload: UploadKey.optional() });
export const UploadKeyParams = z.object({ id: UploadKey });

/** GET /api/materials/uploads/{id}/progress */
export const UploadProgressOut = z.object({
  /** "scanning": reading the file (or waiting for a scanner); "ocr": OCR is reading page `page` of `pages`. */
  phase: z.enum(["scanning", "ocr"]),
  page: z.number().optional(),
  pages: z.number().optional(),
});
export type UploadProgressOut = z.infer<typeof UploadProgressOut>;
