import { cleanName } from "../core/text.ts";

/**
 * A file name as the user gave it, made safe to keep and show: no directories, no control or
 * bidirectional characters, at most 255 characters (keeping the extension). It never names anything on disk.
 */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const name = cleanName(base) || "document.pdf";
  if (name.length <= 255) return name;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
  return name.slice(0, 254 - ext.length) + "…" + ext;
}
