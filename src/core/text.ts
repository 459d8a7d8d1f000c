/**
 * Text a user typed that ends up shown to people (names of files, tests, classes, templates; topics).
 * Control characters (NUL, escapes) and the Unicode bidirectional controls (which can make "gpj.exe"
 * read as "exe.jpg") are removed; line breaks and tabs and runs of white space become one space.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function cleanName(raw: string): string {
  return raw.replace(UNSAFE, "").replace(/\s+/g, " ").trim();
}
