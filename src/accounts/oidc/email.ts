/**
 * The address a provider gives, as StudyForge stores and compares it. Checked before anything is cut or
 * folded: cutting a long address to 254 characters could leave an allowed domain at its end
 * (x…@school.example.attacker.example), and Unicode lower-casing folds look-alikes into plain letters
 * (the Kelvin sign "K" becomes "k"), so either could match an address the provider never vouched for.
 */

/** RFC 5321's limits: 64 characters before the "@", 254 in all. */
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

/** Lower-cased printable ASCII with one "@" and parts within RFC 5321's limits; null for anything else. */
export function providerEmail(raw: string): string | null {
  const email = raw.trim();
  if (email.length > MAX_ADDRESS || !/^[\x21-\x7e]+$/.test(email)) return null;
  const at = email.indexOf("@");
  if (at < 1 || at !== email.lastIndexOf("@") || at > MAX_LOCAL || at === email.length - 1) return null;
  // ASCII only, so this folds A-Z and nothing else.
  return email.toLowerCase();
}
