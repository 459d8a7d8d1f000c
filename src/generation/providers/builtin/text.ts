/** Small text helpers shared by the sentence splitter, the term inventory and the question writer. */

/** Function words: never a key term, and they break a run of words into separate terms. */
export const STOPWORDS = new Set(
  (
    "a an the and or nor but if then else so than that this these those there here which who whom whose what " +
    "when where why how is are was were be been being am do does did done doing have has had having can could " +
    "shall should will would may might must of in on at by for with without within from to into onto upon over " +
    "under about above below between among through during before after since until while as per via it its " +
    "itself they them their theirs we us our ours you your yours he him his she her hers i me my mine not no " +
    "yes all any some each every both either neither few many much more most other others another such same " +
    "own only just also very too quite rather even still again ever never always often usually sometimes " +
    "one ones two three four five first second third last next new old way ways well etc e.g i.e eg ie " +
    "let lets use used uses using make makes made get gets got see seen say said like unlike however thus " +
    "hence therefore instead already almost perhaps simply really whether because although though following less least fewer"
  ).split(" "),
);

/**
 * Nouns too vague to test ("Which ___ …? example / case / way"). They stay in the text; they are only
 * never chosen as an answer, a distractor or a suggested topic.
 */
export const GENERIC_NOUNS = new Set(
  (
    "thing things example examples case cases kind kinds sort sorts lot lots time times point points fact facts " +
    "part parts section sections chapter chapters page pages figure figures manual manuals user " +
    "users reader readers people person something anything nothing everything someone anyone form forms " +
    "result results number numbers way ways detail details information note notes end ends start beginning " +
    "set sets use uses type types order item items line lines word words problem problems question questions " +
    "answer answers reason reasons idea ideas area areas place places version versions system systems " +
    "approach method methods feature features purpose purposes hand term terms matter level levels step steps " +
    "change changes amount amounts practice general addition rest value values middle top bottom side sides front back left right " +
    "comparison comparisons format formats"
  ).split(" "),
);

/**
 * General vocabulary: words any manual or textbook uses whatever its subject ("command", "option",
 * "technique", "mathematician", "course", "software"). Alone they are never the answer a question
 * tests, nor a wrong option; inside a term ("partial differential equation", "command line") they are
 * fine. Words that are core terms of some field (class, object, table, matrix, string, argument,
 * environment, package) are left out: the document's own distribution judges those (vocabulary.ts).
 */
export const GENERAL_VOCABULARY = new Set(
  (
    "command commands option options course courses rule rules power powers box boxes name names " +
    "software response responses mathematician mathematicians mathematics technique techniques " +
    "method tool tools application applications program programs author authors writer writers experience creativity " +
    "cleverness virtue advantage advantages disadvantage quantity quantities property properties " +
    "notation symbol symbols letter letters direction directions task tasks job jobs work subject subjects topic topics " +
    "concept concepts notion notions process processes procedure procedures operation operations action actions activity " +
    "role goal goals aim need needs issue issues solution solutions mistake mistakes " +
    "situation context contexts sense meaning meanings definition definitions description descriptions explanation " +
    "discussion treatment analysis approach strategy means mechanism facility facilities service services support " +
    "choice choices decision selection setting settings amount size length degree extent speed " +
    "date moment stage position location world machine computer device material document documents " +
    "documentation book books paper article text texts report reports sentence stuff style edition copy copies " +
    "teacher customer developer developers programmer programmers scientist engineer expert beginner science knowledge " +
    "skill ability capability strength weakness benefit cost price interest attention care help hint tip trick cause " +
    "consequence impact influence relationship link links reference references source sources origin basis ground " +
    "foundation framework design plan project projects product products hardware instruction instructions button " +
    "window screen menu icon team company organization community behaviour behavior purpose usage " +
    "piece pieces writer reader writers convention conventions subsection subsections paragraph paragraphs " +
    "family families effect effects key mind encounter encounters advance advances assumption assumptions principle shape shapes " +
    // Abstract nouns that blank to a riddle ("depending on the _____ of a thrown exception", "it is Delegate's _____").
    "nature responsibility responsibilities manner character characteristic characteristics variety quality " +
    "respect regard aspect aspects feature circumstance circumstances occasion possibility possibilities"
  ).split(" "),
);

/**
 * Adjectives that make a phrase, not a term: "available character", "appropriate exception" are
 * pieces of sentences that happen to recur, not things a student should learn.
 */
export const VAGUE_MODIFIERS = new Set(
  (
    "nice available appropriate existing common large small big little good bad great new old different same " +
    "whole certain particular various several simple special general usual main important possible previous " +
    "next following given single specific actual real entire extra further final initial original similar " +
    "separate corresponding additional respective typical ordinary necessary suitable relevant full complete " +
    "above below many much more most less least few only own other another such every each any some " +
    "useful interesting professional powerful convenient handy nice elegant clever noteworthy remarkable significant " +
    "good better best easy hard difficult simple trivial obvious quick slow famous popular distinct"
  ).split(" "),
);

/** Words as the text spells them: letters and digits with inner apostrophes or hyphens. */
export const WORD_PATTERN = /[\p{L}\p{N}](?:[\p{L}\p{N}]|['’-](?=[\p{L}\p{N}]))*/gu;

export function wordsOf(text: string): string[] {
  return text.match(WORD_PATTERN) ?? [];
}

/** Plurals the suffix rules below would get wrong. */
const IRREGULAR_PLURALS = new Map(
  Object.entries({
    matrices: "matrix",
    indices: "index",
    vertices: "vertex",
    appendices: "appendix",
    analyses: "analysis",
    axes: "axis",
    criteria: "criterion",
    phenomena: "phenomenon",
    children: "child",
    men: "man",
    women: "woman",
    feet: "foot",
    teeth: "tooth",
    mice: "mouse",
  }),
);

/** Crude singular form: enough to treat "vectors" and "vector", "libraries" and "library" as one. */
export function stem(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, "");
  const irregular = IRREGULAR_PLURALS.get(w);
  if (irregular) return irregular;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|x|ch|sh|z)es$/.test(w)) return w.slice(0, -2);
  // "volcanoes", "potatoes" ("shoes" is too short to tell).
  if (w.length > 6 && w.endsWith("oes")) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * A word's root across its verb forms: "caching", "cached" and "cache" are "cach"; "merging" and "merges" "merg";
 * "wrapping" "wrap". A student types the topic in one form ("caching") and the document writes another ("the
 * cache"): round 33's test on caching found no sentence naming it. ("string" keeps its "ing": too little is left.)
 */
export function root(word: string): string {
  const s = stem(word);
  const cut = s.replace(/(?:ing|ed)$/, "");
  const base = cut !== s && cut.length >= 4 ? cut.replace(/([bdgmnprt])\1$/, "$1") : s;
  return base.length >= 5 ? base.replace(/e$/, "") : base;
}

/** A phrase reduced to its stemmed, lower-case words: the identity of a term. */
export function termKey(phrase: string): string {
  return wordsOf(phrase).map(stem).join(" ");
}

export function isPlural(word: string): boolean {
  return stem(word) !== word.toLowerCase();
}

/**
 * Letters and digits only, lower-cased: compares text that went through different whitespace,
 * hyphenation or line-joining (a chunker's passage against the page it came from).
 */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The form questions are compared in: lower case, words separated by single spaces. */
export function normalizeQuestion(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A sentence's first word loses its capital unless the phrase is a name ("Open Database Connectivity", "ODBC"). */
export function uncapitalised(text: string): string {
  return /\s\p{Lu}/u.test(text) || /^\p{Lu}{2}/u.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** The content words of a text, stemmed: what a stem, a sentence or a question says. */
export function contentStems(text: string): Set<string> {
  return new Set(
    wordsOf(text.replace(/-/g, " "))
      .map((w) => w.toLowerCase())
      .filter((w) => !STOPWORDS.has(w) && w.length > 2)
      .map(stem),
  );
}
