/**
 * File names for downloads, made from the test's title. The header carries two: `filename*` (RFC 5987, UTF-8,
 * the title as written, for browsers) and a plain ASCII `filename` for older clients. Both are free of the
 * characters Windows, macOS and Linux refuse in names.
 */

/** Long enough for any test title people type; file systems allow 255 bytes. */
const MAX_STEM = 100;

/** Characters no file system accepts in a name (Windows' set is the widest), and control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;

function tidy(stem: string): string {
  // A name may not end in a dot or space on Windows.
  return stem.replace(/\s+/g, " ").trim().slice(0, MAX_STEM).replace(/[. ]+$/, "");
}

/** "Vectors (Medium) - answer key" → itself; slashes, quotes and the like become hyphens. */
export function unicodeStem(title: string): string {
  return tidy(title.replace(FORBIDDEN, "-")) || "test";
}

/** The same name in ASCII: accents dropped ("Économie" → "Economie"), other letters left out. */
export function asciiStem(title: string): string {
  const folded = unicodeStem(title)
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019\u201c\u201d]/g, "'")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]+/g, "_")
    .replace(/_+/g, "_");
  return tidy(folded.replace(/^[_ ]+|[_ ]+$/g, "")) || "test";
}

/** Both names for Koa's ctx.attachment(unicode, { fallback: ascii }). */
export function downloadNames(title: string, suffix: string, extension: string): { name: string; fallback: string } {
  // The title is shortened, never the suffix that says what the file is.
  const tail = `${suffix ? ` - ${suffix}` : ""}.${extension}`;
  return { name: unicodeStem(title) + tail, fallback: asciiStem(title) + tail };
}
