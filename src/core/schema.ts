import { z } from "zod";
import { cleanName } from "./text.ts";

/**
 * zod building blocks every feature's schema.ts uses, so the same input is bounded and checked
 * the same way everywhere.
 */

/**
 * A whole number sent as a JSON number or as digits (forms and query strings send text). Unlike
 * z.coerce.number, `true`, `""`, `[]` and `"1e3"` are refused instead of turning into 1, 0, 0 and 1000.
 */
export const wholeNumber = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message));

/**
 * A list of at most `max` entries. The length is checked before any entry, so a body with
 * 20,000 entries is refused in one step rather than validated entry by entry.
 */
export const boundedList = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.array(z.unknown(), { error: message }).max(max, message).pipe(z.array(item, { error: message }));

/** A name or topic a user typed: control and bidirectional characters removed, spaces folded. */
export const userText = () => z.string().transform(cleanName);

/** `{id}` in a path: a positive whole number (every record's id). */
export const IdParams = z.object({
  id: wholeNumber("The id must be a whole number.").pipe(z.number().positive("The id must be positive.").max(2 ** 31, "The id is too large.")),
});
