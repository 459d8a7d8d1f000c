/**
 * A library reference's entry line: a dotted name and its parameters ("dbm.gnu.open(filename[, flag[, mode]])",
 * "class shelve.Shelf(dict, protocol=None, writeback=False)", Node.js's "console.log([data][, ...args])"). It names
 * what the prose below it describes: no line of a listing, whatever its brackets and defaults (round 57: dbm.gnu.open()'s
 * was dropped as code, and its description read as the exception's above it), and a paragraph of its own. A call passing
 * values ("os.path.join(base, 'build')") is code.
 */
const KIND = "(?:(?:class|exception|function|method|classmethod|staticmethod|coroutine|awaitable|new)\\s+)?";
const ENTRY_SIGNATURE = new RegExp(`^${KIND}[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+\\(([^()]*)\\)$`);
const PARAMETER = /^\s*(?:\*{1,2}|\/|\.\.\.)?\s*(?:[A-Za-z_$][\w$]*(?:\s*=\s*(?:[\w.+-]+|'[^']*'|"[^"]*"))?)?\s*$/;
/** Longer lines are not read as an entry's signature. */
const MAX_SIGNATURE = 300;

export function isEntrySignature(line: string): boolean {
  if (line.length > MAX_SIGNATURE) return false;
  const match = ENTRY_SIGNATURE.exec(line.trim());
  return match !== null && (match[1] ?? "").replace(/[[\]]/g, "").split(",").every((part) => PARAMETER.test(part));
}
