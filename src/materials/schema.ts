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
