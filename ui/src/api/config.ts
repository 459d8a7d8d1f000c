/** Public server settings (no session needed). */
import { api, type CallOptions } from "./client.ts";
import type { PublicConfig } from "./types.ts";

/** Used until (or if never) `GET /api/config` answers. */
export const DEFAULT_CONFIG: PublicConfig = {
  require_email_verification: false,
  llm_provider: "builtin",
  llm_model: "",
  max_upload_mb: 50,
  max_pdf_pages: 2000,
  ocr_max_pages: 50,
  version: "",
};

export function getConfig(options?: CallOptions): Promise<PublicConfig> {
  return api.get<PublicConfig>("/api/config", { ...options, allow401: true });
}
