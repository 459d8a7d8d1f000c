/**
 * A file name as the user gave it, made safe to keep and show: no directories, no control
 * characters, at most 255 characters (keeping the extension). It never names anything on disk.
 */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "").replace(/\s+/g, " ").trim();
  const name = clean || "document.pdf";
  if (name.length <= 255) return name;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
  return name.slice(0, 254 - ext.length) + "…" + ext;
}
