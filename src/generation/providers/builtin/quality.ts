import { isEnglishWord, startsWithName } from "./english.ts";
import type { Token } from "./nlp.ts";
import type { Sentence } from "./sentences.ts";
import { contentStems, escapeRegExp, GENERAL_VOCABULARY, GENERIC_NOUNS } from "./text.ts";

/**
 * Whether a sentence can carry a study question as it stands: a complete statement that reads
 * alone, with no code, debris or talk about the document. Each rule names the kind of reject a
 * teacher threw out of the old generator.
 */

/** Openers that lean on the sentence before ("It …", "These …", "However, …", "The second …"). */
const ANAPHORIC_START =
  /^(?:(?:First|Second|Third|Firstly|Secondly|Thirdly)(?=,)|Further|Even|Eventually|Ultimately|Later|Afterwards|Lastly|Next|At the end of the day|In the end|It|Its|This|That|These|Those|They|Their|Them|He|She|His|Her|We|Our|You|Your|I|Such|Both|Either|Neither|Here|Then|Now|So|But|And|Or|Nor|Yet|Otherwise|Instead|Likewise|Similarly|Just (?:like|as)|However|Thus|Hence|Therefore|Also|Again|Still|Consequently|Furthermore|Moreover|Finally|Alternatively|Conversely|Accordingly|Besides|Meanwhile|Nevertheless|Nonetheless|Indeed|Meaning|Which means|That is|Of course|In this|In that|In these|In such|In both|In either|In each case|In contrast|In addition|In fact|In other words|In particular|In general|In practice|In the (?:latter|former|above|previous|following)|For this|For these|For example|For instance|As a result|As such|As before|As above|As mentioned|As noted|As shown|As we|On the other hand|At this|By contrast|Note|Another|Any other|All (?:the )?other|Each of|All of|One of|Some of|Most of|Many of|Other|The (?:first|second|third|fourth|last|latter|former|next|previous|following|above|same|other|rest|remaining|result|answer|reason|example|output|code|program)\b|A (?:second|third|further|similar)\b|One (?:problem|issue|difficulty|drawback|disadvantage|complication|limitation|catch|consequence|exception)\b|An (?:other|additional)\b|(?:Unlike|Like)\s+(?:it|its|this|that|these|those|they|them|their|the (?:former|latter|above|previous|other|one|ones))\b)\b/;
/**
 * "It is possible to …", "It is an error to …": an "it" that stands for the clause after it, not for
 * something said before (the Python tutorial's facts about dictionaries are written so).
 */
const EXPLETIVE_IT =
  /^It (?:is|was) (?:(?:also|often|usually|always|never|not|sometimes|generally)\s+)?(?:possible|impossible|an error|illegal|legal|valid|invalid|necessary|unnecessary|required|allowed|permitted|forbidden|safe|unsafe|common|customary|sufficient|enough|important|essential) (?:to|for|that)\b/;
/** Pronouns early in the sentence stand for something said before it. */
/** "The fragment percent-encode set is used for URL fragments.": what a thing is used for, given by its name. */
const USED_FOR = /^(?:The|An?)\s+(.+?)\s+(?:is|are)\s+(?:\p{Ll}+ly\s+)?used\s+(?:for|to|in|with|on)\s+(.+)$/u;

/** Whether the sentence says a thing is used for what its name's modifiers already say (round 45: keyed True, known without reading). */
function namesItsUse(text: string): boolean {
  const match = USED_FOR.exec(text);
  if (!match) return false;
  const name = match[1]!.split(/\s+/);
  const modifiers = contentStems(name.slice(0, -1).join(" "));
  return [...contentStems(match[2]!)].some((s) => modifiers.has(s));
}

/**
 * "Delimiters are substrings that delimit keys from values …" (round 50): the subject's name is a doer of the verb the
 * sentence gives it ("delimit-er", "pars-er"), and what it does is known without reading.
 */
function doesWhatItsNameSays(tokens: readonly Token[]): boolean {
  const subject = tokens.slice(0, 3).find((t) => t.pos === "NOUN" || t.pos === "PROPN");
  const root = /^(\p{Ll}{4,}?)(?:ers?|ors?)$/u.exec(subject?.lower ?? "")?.[1];
  return root !== undefined && tokens.some((t) => t.pos === "VERB" && (t.lemma === root || t.lemma === `${root}e`));
}

/** "the dflt parameter", "the att_type parameter": a parameter named in the sentence, and the words around it. */
const PARAMETER_NAMED = /\b[Tt]he ([A-Za-z_][A-Za-z0-9_]{1,30}) (?:parameter|argument|field|member)(?=\s+(?:is|are|holds|contains|gives|specifies|sets|returns|names|must|should|can|may|will)\b|\s*[.,;]|$)/;

/** "dflt" of "default" (its letters in order, the first first), or "att_type" holding "type": a name spelling a word. */
const spells = (name: string, word: string) => {
  const bare = name.toLowerCase().replace(/_/g, "");
  if (word.length >= 4 && bare.includes(word)) return true;
  if (bare.length < 3 || bare[0] !== word[0] || bare === word) return bare === word;
  let at = 0;
  for (const letter of word) if (letter === bare[at]) at++;
  return at === bare.length;
};

/**
 * "The dflt parameter holds the default value.", "The attribute type is in the att_type parameter." (round 46): what a
 * parameter holds, told by its own name, is answered without reading.
 */
function parameterNamesItself(text: string): boolean {
  const match = PARAMETER_NAMED.exec(text);
  if (!match) return false;
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.replace(/^In \S+,/, "");
  return (rest.toLowerCase().match(/\p{L}{3,}/gu) ?? []).some((word) => spells(match[1]!, word));
}

/** "see the man page", "in its manual page", "the man page for grep": where to read about something. */
const PAGE_POINTER = /\b(?:see|in|from|read|consult|check|refer to)\s+(?:the\s+|its\s+|their\s+|\S+'s\s+)?(?:\S+\s+)?(?:man|manual|info)\s+pages?\b|\b(?:man|manual|info)\s+pages?\s+(?:for|of|on|about)\s+\S/i;
const EARLY_PRONOUN = new Set(["it", "this", "these", "those", "they", "them", "he", "she", "its", "their", "former", "latter", "such"]);
/** The document talking about itself, its layout or its reader. */
const SELF_REFERENCE =
  /\b(?:see|cf\.?|the reader|readers|the user|the current (?:section|chapter)|this (?:manual|chapter|section|document|book|guide|tutorial|appendix|paper|essay|example|page|text|introduction|list|table|figure|part)|these (?:notes|pages|examples|sections|chapters)|the (?:following|previous|next|preceding) (?:section|chapter|example|page|table|figure|paragraph|sections|chapters|examples)|as (?:shown|described|discussed|explained|mentioned|noted|seen|illustrated) (?:above|below|earlier|later|before|in)|(?:above|below)[.,]|figures?\s+\d+|fig\.\s*\d+|tables?\s+\d+|sections?\s+\d+|chapters?\s+\d+|appendix\s+[A-Z\d]+|page\s+\d+|the (?:left|right|top|bottom|upper|lower|first|second|next|last|previous|following) (?:picture|image|figure|example|table|listing|column|row|diagram)s?|we (?:will|shall|have|saw|see|now|discuss|describe|consider)|you (?:will|can|should|may|must|need|might|could)|let us|let's|here we|for details|more details|further details)\b/i;
/**
 * Pointers to numbered parts of the document: "Equation (4.22)", "(8.29)", "§ 4.4.10", "(chapter 11)",
 * "the description here". A student without the PDF cannot follow them.
 */
const NUMBERED_REFERENCE =
  /\b(?:equations?|eqs?\.|eqn\.?|formulas?|theorems?|lemmas?|propositions?|corollar(?:y|ies)|definitions?|exercises?|examples?|problems?|figures?|tables?|listings?|footnotes?|steps?|rules?|parts?)\s*\(?\d+(?:\.\d+)*\)?|\(\d+(?:\.\d+)+\)|§|\((?:chapter|section|see|cf\.?|page|p\.)\s|\b(?:here|hereafter|herein|thereof|the above|the below|the following|as follows)\b/i;

/**
 * Opinions, hedges, evaluations and rhetoric ("it is quite annoying to …", "not hard to compute",
 * "worth learning", "Some people claim …", "as, say, …"): a teacher cannot mark them true or false,
 * and a word blanked in them is a matter of style.
 */
const EVALUATIVE =
  /\b(?:annoying|annoyingly|worth|worthwhile|useful|usefully|useless|interesting|interestingly|noteworthy|nice|nicely|neat|elegant|elegantly|beautiful|ugly|tedious|awkward|painful|unfortunate(?:ly)?|fortunate(?:ly)?|surprising(?:ly)?|remarkabl[ey]|obvious(?:ly)?|trivial(?:ly)?|easy|easier|easiest|easily|hard to|harder|hardest|difficult|simplest|simpler|inconvenient|handy|clever(?:ly|ness)?|creativity|intelligent|intuition|claims?|claimed|opinions?|believes?|believed|feels?|perhaps|maybe|probably|arguably|admittedly|apparently|presumably|seems? to|seemed to|appears? to|quite|fairly|pretty|really|somewhat|care is needed|careful|best to|better to|recommended|advisable|some people|many people|most people|of course|say,|so to speak|needless|imagine|wonder(?:ful)?|amazing|mysterious|bizarre|strange(?:ly)?|weird|silly|crazy|funny|fun|enjoy(?:able)?|pleasant|pleasure|favou?rite|popular|famous|impossible to crack|almost impossible|utmost|pivotal|unwise|wisely|counterintuitive|robustness|key to|good (?:way|idea|practice|reason)|(?:good|poor|bad) (?:place|choice|fit|idea)|best (?:way|practice)|deserv(?:e|es|ed|ing))\b/i;

/** The book's people and parts ("the writer doubts …", "the author would like …", "Fig."): talk about the book. */
const BOOK_TALK = /\b(?:the|any|a|this|our) (?:writer|author|reader|mathematician|book|chapter|subsection|paragraph|figures?)s?\b|\bFig\.?(?:\s|$)|\b(?:the|any|an?) (?:applied|professional|pure) mathematicians?\b/i;

/**
 * Versions and release history: trivia about the software, not its subject ("removed from Debian 11
 * Bullseye", "since Debian 7", "no longer shipped", "unlikely to make a comeback", "Since Python is an
 * evolving language, other sequence data types may be added").
 */
const VERSION_TRIVIA =
  /\b(?:release notes|deprecated|obsolete|changelog|no longer|comeback|nowadays|historically|at the time of (?:this )?writing|as of this writing|(?:may|might|could|will) (?:also )?be added|(?:an|the) evolving (?:language|standard|project|system)|(?:was|were|has been|have been) (?:removed|dropped|introduced|added|replaced|renamed|abandoned))\b|\b\d+\.\d+(?:[.-]\d+)+\b|\bversions? (?:\d|of\b)|\b(?:specific|earlier|later|older|newer|previous|current|recent|future|other|all|some) versions?\b|\b(?:since|until|as of|starting with|prior to|before|after|from|in) (?:\p{Lu}[\p{L}-]*\s){1,2}\d{1,2}\b(?![.,]\d)/iu;

/**
 * Documentation as the place to read more ("See the documentation …", "Detailed documentation on X is
 * available at …"), not as a thing a site or package provides ("CRAN … consisting of the R
 * distribution, documentation for R, and binaries").
 */
const DOCUMENTATION_POINTER =
  /\b(?:see|consult|refer to|read|check|look (?:at|in))\b.*\bdocumentation\b|\b(?:comprehensive|extensive|detailed|full|official|online) documentation\b|\bdocumentation\b.*\b(?:is|are) (?:available|found|provided) (?:at|from|in|on)\b|\bdocumentation\b[^,;]{0,40}\b(?:describes|explains|details|covers|lists)\b|\bdocumentation\b.*\bfor (?:more|further) (?:information|details)\b/i;

/** Placeholder and example names that a student should never have to learn. */
const PLACEHOLDER = /\b(?:XXX+|TODO|FIXME|TBD|foo|bar|baz|qux|quux|lorem|ipsum|blah|dummy|xyz|abc)\b/i;
const URL_OR_MAIL = /(?:https?:|ftp:|www\.|\w@\w|\.(?:com|org|net|edu|html?)\b)/i;
/** A running head or footer glued to a sentence: "75 / 92", "Page 3 of 9", a lone chapter number. */
const PAGE_DEBRIS = /\b\d+\s*\/\s*\d+\b|\bpage \d+ of \d+\b|^\d+(?:\.\d+)*\s+\p{Lu}/iu;
// A semicolon between two clauses ("… or tuples; if a tuple …") is prose; one ending a statement is code.
const OPERATOR = /[=+*/\\|&^~<>%#$@{}[\]]|;(?!\s+\p{L})|->|<-|::/gu;
/** Identifiers from code: data.frame, my_var, camelCase, call(), --option. */
const IDENTIFIER = /\w\(|\b\w+_\w+\b|\b\w+\.(?:xml|html?|txt|json|cc?|h|hh|cpp|py|r|rd|sh|pdf|tex|js|ts|conf|cfg|ini|log)\b|\b[a-z]\w*[._][a-z_]\w*\b|\b[a-z]+[A-Z]\w*\b|\w\(\)|(?:^|\s)--?[a-z]/;

/** Openers of a subordinate clause, which a comma rightly ends ("If the list is empty, it …"). */
const SUBORDINATE_START = /^(?:If|When|Whenever|While|Although|Though|Even|As|Because|Since|Unless|Once|After|Before|Until|Whether|Where|Wherever|For|In|On|At|By|With|Without|Under|Given|Unlike|Like|Once|So)\b/;

/** Tokens of an opening phrase before its main clause ("As well as the basic counts, it …"). */
const MAX_OPENING = 12;

/** Names from code a prose sentence may mention ("The eventEmitter.on() method … the eventEmitter.emit() method"). */
const MAX_CODE_NAMES = 2;

/** The text with each name from code written as a plain word, for the tests that look for code. */
function withoutNames(text: string, names: readonly Token[]): string {
  let out = "";
  let from = 0;
  for (const name of names) {
    out += `${text.slice(from, name.start)}Name`;
    from = name.end;
  }
  return out + text.slice(from);
}

/** Nouns that, as "The X" opening a sentence, mean the one just mentioned. */
const VAGUE_SUBJECTS = new Set(
  "function functions method methods command commands output input advantage disadvantage default argument arguments call calls expression program code effect difference name file files object objects variable variables data list element elements entry entries component components call statement statements operation test call solution model reason effect".split(" "),
);

/** "The details for the solution …", "The result of …": always the ones of something said before. */
const REFERRING_NOUNS = new Set("end details detail solution fix workaround remedy result results reason problem answer rest difference advantage idea point same latter former output".split(" "));

/** "The only solution", "the main difference": still the solution of a problem described before. */
const REFERRING_MODIFIERS = new Set("only main real whole basic simple simplest usual obvious first second last final key big".split(" "));

/** Parts of something described before: "Each section …", "Every line …". */
const PARTS = new Set("section line element entry item field row column record part member node byte character additional".split(" "));

const FINITE_AUX = new Set(["is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "can", "could", "will", "would", "shall", "should", "may", "might", "must"]);

/** A subject (a noun or a name) before a finite verb: "A factor is …", "R provides …". */
/** Verbs that open an option's or a function's description, whose subject is the name above it ("Specifies …", "Returns …"). */
const OPTION_VERBS = "Controls|Specifies|Sets|Enables|Disables|Determines|Indicates|Causes|Tells|Makes|Allows|Prints|Shows|Displays|Reports|Gives|Takes|Turns|Selects|Changes|Defines|Requests|Forces|Returns|Prevents|Limits|Adds|Removes|Runs|Uses|Writes|Reads";
/** Such a description, opening the sentence or after a condition ("When copying notes during a rewrite, specifies …"). */
const OPTION_DESCRIPTION = new RegExp(`^(?:(?:When|If|Once|Unless|While|Where|For|On|In|With|By default)\\b[^,]{0,80},\\s+)?(?:${OPTION_VERBS})\\s+(?!to\\b)`, "i");

const RELATIVE = new Set(["which", "that", "who", "whom", "whose"]);

/**
 * "A one-character string used to quote fields containing …, or which contain …", "The format string passed in the
 * original logging call." (rounds 37 and 40: an attribute's description, a table's row): a participle after its noun,
 * then "to" or a preposition, and no verb of a main clause after it (only infinitives, "-ing" forms and verbs of
 * relative clauses): a noun phrase, no statement. ("Programs need to …": "need" is no participle, its lemma is itself.)
 */
/** A verb's past participle: "used", "given", "shown" (its lemma differs; "need" is its own). */
const isParticiple = (t: Token) => t.pos === "VERB" && t.lemma !== t.lower && /(?:ed|en|wn)$/.test(t.lower);

function describesNoun(tokens: readonly Token[], i: number): boolean {
  if (!isParticiple(tokens[i] as Token)) return false;
  const next = tokens[i + 1];
  if (!next || !(next.pos === "ADP" || (next.pos === "PART" && next.lower === "to"))) return false;
  let relative = false;
  for (let k = i + 1; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (RELATIVE.has(t.lower)) relative = true;
    if (relative) continue;
    if (t.pos === "AUX") return false;
    if (t.pos === "VERB" && tokens[k - 1]?.lower !== "to" && !t.lower.endsWith("ing") && !isParticiple(t)) return false;
  }
  return true;
}

export function hasSubjectAndVerb(tokens: readonly Token[]): boolean {
  // "If strict is false, control characters will be allowed …": the tagger calls "strict" an adjective, so the clause
  // after the condition's comma is read too.
  const comma = CONDITION.test(tokens[0]?.text ?? "") ? tokens.findIndex((t) => t.text === ",") : -1;
  return finiteAfterSubject(tokens) || (comma > 0 && finiteAfterSubject(tokens.slice(comma + 1)));
}

/** Verbs whose object does a bare verb's action: "let the module know". */
const CAUSATIVE = new Set(["let", "lets", "make", "makes", "help", "helps"]);

const CONDITION = /^(?:If|When|Whenever|Unless|While|Once|After|Before|Although|Though|Because|Since)$/;

function finiteAfterSubject(tokens: readonly Token[]): boolean {
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const before = tokens[i - 1] as Token;
    // A verb counts as finite after an auxiliary's form, or right after its subject ("R provides",
    // "Lists often contain"); capitalised words are titles ("Modern Applied Statistics").
    const subjectBefore = before.pos === "NOUN" || before.pos === "PROPN" || before.pos === "PRON" || before.pos === "NUM" || (before.pos === "ADV" && ["NOUN", "PROPN"].includes(tokens[i - 2]?.pos ?? ""));
    const finite =
      (token.pos === "AUX" && FINITE_AUX.has(token.lower)) ||
      // "The GPL, like all Open Source licenses, permits …": a verb in the third person is finite wherever it is.
      (token.pos === "VERB" && token.text === token.lower && /[^s]s$/.test(token.lower) && token.lemma !== token.lower) ||
      (token.pos === "VERB" && token.text === token.lower && subjectBefore && !token.lower.endsWith("ing") &&
        // "MIME related information": a participle before a noun describes it; "truelength followed by a
        // block of bytes" (a table row) is a participle too, not the sentence's verb.
        !(token.lower.endsWith("ed") && (["NOUN", "ADJ"].includes(tokens[i + 1]?.pos ?? "") || tokens[i + 1]?.lower === "by")));
    // "The UUID variant, which determines the internal layout of the UUID." (round 49): a relative clause's verb is no main verb.
    // ("A convenience method which coerces the option …": the same without the comma, after a noun phrase that opens the
    // sentence; further on, the tagger may have taken the main verb for a noun: "Child processes support a mechanism that is …".)
    // (Unless a verb's -s form the tagger took for a noun follows, "A parser that reads each line returns a list …".)
    const nounAsVerb = () => tokens.slice(i + 1).some((t, k) => t.pos === "NOUN" && /\p{Ll}[^s]s$/u.test(t.text) && tokens[i + k]?.pos === "NOUN" && tokens[i + k + 2]?.pos === "DET");
    const relative = RELATIVE.has(before.lower) && (tokens[i - 2]?.text === "," || (["a", "an", "the"].includes(tokens[0]?.lower ?? "") && i <= 6)) && !nounAsVerb();
    // ("… to let the module know where to find …": a bare verb after a causative's object is no main verb, round 56.)
    const caused = token.lower === token.lemma && tokens.slice(Math.max(0, i - 4), i - 1).some((t) => CAUSATIVE.has(t.lower));
    if (!finite || relative || caused) continue;
    // "Patterns read from the file specified by …" (round 36): a participle before "from" or "by", with no verb after
    // it, describes its noun; the sentence has no verb of its own.
    // ("… the build produces from the sources" is a verb: a third person's "-s" is no participle.)
    const byOrFrom = (k: number) => ["from", "by"].includes(tokens[k + 1]?.lower ?? "");
    const verbAfter = tokens.slice(i + 1).some((t, k) => t.pos === "AUX" || (t.pos === "VERB" && !byOrFrom(i + 1 + k)));
    if (byOrFrom(i) && token.pos === "VERB" && !/[^s]s$/.test(token.lower) && !verbAfter) continue;
    if (describesNoun(tokens, i)) return false;
    return tokens.slice(0, i).some((t) => t.pos === "NOUN" || t.pos === "PROPN");
  }
  return false;
}

/**
 * A glossary's definition printed under its term and without it: "A synonym for the DAG structure formed
 * by the commits …, referenced by branch tips" (commit graph), "The action of updating all or part of the
 * working tree …" (checkout), "Untyped object, e.g. …" (blob object). A noun phrase, with no verb of its
 * own before its first comma; round 15's raters rejected 9 such items from the Git manual's glossary.
 * "A bare repository is normally …" and "Via the alternates mechanism, a repository can inherit …" are
 * sentences.
 */
function definitionWithoutTerm(tokens: readonly Token[]): boolean {
  if (!["DET", "NOUN", "ADJ", "PROPN"].includes(tokens[0]?.pos ?? "")) return false;
  // "A synonym for …": the tagger may take a plural further on for a verb ("the commits").
  if (/^(?:an? )?(?:synonym|abbreviation|shorthand|another (?:name|word)) (?:for|of)\b/.test(tokens.map((t) => t.lower).join(" "))) return true;
  const comma = tokens.findIndex((t) => t.text === "," || ["which", "where", "that", "who"].includes(t.lower));
  return !hasSubjectAndVerb(comma > 0 ? tokens.slice(0, comma) : tokens);
}

/**
 * "The theorem is called …", "The equation offers …", "The technique, integration by …", "The
 * property the two equations represent …": one common noun after "the", then the verb, means the one
 * the text just showed (which theorem?). A named or qualified subject ("The gamma function",
 * "The derivative of a sum", "The GPL") reads alone, and so does "The X is a Y …", a definition.
 */
function definiteGenericSubject(tokens: readonly Token[]): boolean {
  const [article, noun, next, after] = tokens;
  if (article?.lower !== "the" || !next) return false;
  // "The curved scheme is called …", "The default value is …": an ordinary adjective or a vague head
  // does not make the subject one the reader knows.
  const third = tokens[3];
  const ordinaryModifier = noun?.pos === "ADJ" || (noun !== undefined && (VAGUE_SUBJECTS.has(noun.lower) || GENERIC_NOUNS.has(noun.lower)));
  if (ordinaryModifier && next.pos === "NOUN" && next.text === next.lower && third) {
    const vagueHead = GENERIC_NOUNS.has(next.lower) || VAGUE_SUBJECTS.has(next.lower) || GENERAL_VOCABULARY.has(next.lower);
    const named = ["is", "are"].includes(third.lower) && ["called", "named", "termed", "known"].includes(tokens[4]?.lower ?? "");
    if ((noun.pos === "ADJ" && named) || (vagueHead && ["AUX", "VERB"].includes(third.pos))) return true;
  }
  if (noun?.pos !== "NOUN" || noun.text !== noun.lower) return false;
  if (["NOUN", "PROPN", "ADP", "ADJ", "NUM"].includes(next.pos) && next.text !== ",") return false;
  // "The root-set consists of …": a hyphenated compound is a term of the document, not a general noun.
  if (next.text === "-" && next.start === noun.end) return false;
  return !(["is", "are"].includes(next.lower) && ["a", "an"].includes(after?.lower ?? ""));
}

/** "Though unexpected the effect can …", "… to make the technique work": a general noun with "the", mid-sentence, means one named before. */
function definiteGeneralNoun(tokens: readonly Token[]): boolean {
  return tokens.some((t, i) => {
    const noun = tokens[i + 1];
    const after = tokens[i + 2];
    if (i === 0 || t.lower !== "the" || !noun || noun.pos !== "NOUN" || !after) return false;
    if (!GENERAL_VOCABULARY.has(noun.lower) && !GENERIC_NOUNS.has(noun.lower)) return false;
    // "… storing a value with some key and extracting the value given the key": named earlier in the sentence itself.
    if (tokens.slice(0, i).some((before) => before.lower === noun.lower || (before.pos === "NOUN" && before.lemma === noun.lemma))) return false;
    return ["AUX", "VERB", "PUNCT"].includes(after.pos) && after.text !== "-";
  });
}

/** "… logarithmic derivative the logarithmic derivative …": a phrase printed twice in a row is extraction debris. */
function repeatsItself(words: readonly Token[]): boolean {
  // "… for cron cron recognizes …": a word twice in a row, where a title met its text ("that that" is English).
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Token;
    if (word.lower === words[i - 1]?.lower && word.lower.length >= 3 && !["that", "had"].includes(word.lower)) return true;
  }
  // Side by side, or with one word between ("… derivative the logarithmic derivative").
  for (let size = 2; size <= 4; size++) {
    for (let gap = 0; gap <= 1; gap++) {
      for (let i = 0; i + 2 * size + gap <= words.length; i++) {
        let same = true;
        for (let k = 0; k < size && same; k++) same = words[i + k]?.lower === words[i + size + gap + k]?.lower;
        if (same) return true;
      }
    }
  }
  return false;
}

const withoutAbbreviations = (text: string) => text.replace(/\b(?:e\.g|i\.e|etc|cf|vs)\./gi, "");

/** "this"/"these" at `i`, unless the noun after it was named earlier in the sentence. */
function pointsOutside(tokens: readonly Token[], i: number): boolean {
  const word = tokens[i] as Token;
  if (word.lower !== "this" && word.lower !== "these") return false;
  // The noun it determines: the next word, or the one after an adjective ("this new object").
  const next = tokens[i + 1]?.pos === "ADJ" ? tokens[i + 2] : tokens[i + 1];
  const noun = next?.pos === "NOUN" || next?.pos === "PROPN" ? next : undefined;
  return noun === undefined || !tokens.slice(0, i).some((before) => before.lower === noun.lower || (before.pos === "NOUN" && before.lemma === noun.lemma));
}

/** Why a sentence cannot carry a question, or undefined when it can. */
/** The sentence names the entry it describes: "realpath" for os.path.realpath. */
function namesEntry(text: string, entry: string): boolean {
  return entry.length > 0 && new RegExp(`(?<![\\w.])${escapeRegExp(entry)}(?!\\w)`).test(text);
}

export function rejectReason(sentence: Sentence): string | undefined {
  const { text, tokens } = sentence;
  const words = tokens.filter((t) => /\p{L}/u.test(t.text));
  if (text.length < 30 || text.length > 300 || words.length < 6 || words.length > 45) return "length";
  // ("\"blob\" objects contain file data …": a quoted name may start a sentence in lower case.)
  // (A function's description opens with its name: "_.countBy() sorts a list …".)
  if (!(/^\p{Lu}/u.test(text) || startsWithName(text) || sentence.described !== undefined || /^["“]\p{Ll}[\p{L}\p{N}-]*["”]\s+\p{Ll}/u.test(text)) || !/[\p{L}\p{N})"”'’]\.["”’]?$/u.test(text)) return "incomplete";
  if (ANAPHORIC_START.test(text) && !EXPLETIVE_IT.test(text)) return "anaphoric start";
  // "If strict is False, the path is resolved as far as possible …" under os.path.realpath(): a library entry's
  // description goes on about the entry without naming it (round 29: "strict", "ext" and "the expansion" unexplained).
  if (sentence.entry !== undefined && sentence.printed === undefined && !namesEntry(text, sentence.entry)) return "entry unnamed";
  // "Example: Each line …", "Note: …": a label, and what follows is often another sentence.
  if (/^[\p{L}\p{N}][\p{L}\p{N}_-]*:\s/u.test(text) || /:\s+(?:Note|See|Example)\b/.test(text)) return "label";
  // "VALGRIND_CHECK_MEM_IS_ADDRESSABLE and VALGRIND_CHECK_MEM_IS_DEFINED: check immediately …": entries named as a
  // label, no verb before the colon, and what follows describes them without a subject.
  const colon = tokens.findIndex((t) => t.text === ":");
  if (colon > 0 && colon <= 8 && !tokens.slice(0, colon).some((t) => t.pos === "VERB" || t.pos === "AUX")) return "label";
  // "The position value may be equal to : none, question, margin": a value list from a reference table.
  if (/\s:\s|:\s*\p{Ll}[\p{L}\p{N}-]*(?:,\s*\p{Ll}[\p{L}\p{N}-]*){2,}/u.test(text)) return "label";
  // "TIP Text shortcuts for cron cron recognizes …": a sidebar's label and title run into its text.
  // "When enabled, Valgrind will read …": an option described under its name, which the sentence leaves out.
  if (/^(?:When|If|Once|Unless) (?:enabled|disabled|set|unset|specified|given|omitted|used|on|off|true|false|present|absent)\b/.test(text)) return "continuation";
  // "Introduction bzip2 compresses …": a section's heading run into its first sentence.
  if (/^(?:Introduction|Overview|Summary|Description|Abstract|Preface|Conclusions?|Background|Synopsis|Motivation)\s+\S/.test(text)) return "label";
  // "Controls whether Memcheck should …", "Specifies the …": an option's description, whose subject is the option above it.
  // ("When copying notes during a rewrite, specifies the ref …", round 41's git-notes: the same after a condition.)
  if (OPTION_DESCRIPTION.test(text)) return "no subject or verb";
  // "May be a glob, in which case …" (round 41): a modal with no subject before it, an option's description.
  if (/^(?:May|Can|Could|Must|Should|Will|Would|Might|Shall)\s+(?:be|not|also|only|contain|include|take|return)\b/.test(text)) return "no subject or verb";
  if (/^(?:TIP|NOTE|NOTES|CAUTION|WARNING|IMPORTANT|SECURITY|CULTURE|COMMUNITY|ALTERNATIVE|DOCUMENTATION|HINT|EXAMPLE|BACK TO BASICS|GOING FURTHER|SPECIAL CASE|IN PRACTICE|QUICK LOOK|DEBIAN POLICY|TOOL|VOCABULARY)\s/.test(text)) return "label";
  // "Rd, which records …": the tail of a file name or a cut word, not a subject.
  if (/^\p{Lu}\p{L}{0,2},/u.test(text)) return "fragment";
  // A pronoun early on stands for something said before, unless a noun of this sentence comes first
  // ("When R starts, it reads …"); demonstratives always point outside.
  const early = words.slice(0, 6).find((t, i) => EARLY_PRONOUN.has(t.lower) && !(t.lower === "such" && words[i + 1]?.lower === "as") && !(i === 0 && EXPLETIVE_IT.test(text)));
  const plural = ["they", "their", "them"].includes(early?.lower ?? "");
  // "Namespaces are sealed once they are loaded": the tagger may not lemmatise a capitalised plural.
  const pluralNoun = (t: Token) => /\p{L}{3}s$/u.test(t.lower) && (t.lemma !== t.lower || t.text !== t.lower);
  // "By default, it sets up …": the noun of a set phrase names nothing the pronoun could stand for.
  const setPhrase = /^(?:By (?:default|design|hand)|In (?:general|practice|principle|short|most cases|any case|that case)|At (?:first|times)|Of course|As a rule|To make matters (?:worse|better|simpler))\b/i.exec(text)?.[0].length ?? 0;
  // "If no rule is given, it prints …" (round 43): what there is none of is nothing the pronoun could stand for.
  const antecedent = (t: Token, i: number) =>
    t.start >= setPhrase && t.end <= (early?.start ?? 0) && (t.pos === "NOUN" || t.pos === "PROPN") && (!plural || pluralNoun(t)) && tokens[i - 1]?.lower !== "no";
  if (early && (!["it", "its", "they", "their", "them"].includes(early.lower) || !tokens.some(antecedent))) {
    return "early pronoun";
  }
  // "As well as the basic counts, it gives an allocation tree …" (round 33): the main clause's subject, a pronoun after
  // an opening phrase, stands for something before the sentence unless that phrase names a thing of its number. (Not
  // before an auxiliary: "In some cases, it may be preferable …" is an expletive "it"; "they" never is: "To make matters
  // worse, they may have …", round 45.)
  const clauseSubject = tokens.findIndex((t, i) => i <= MAX_OPENING && ["it", "they"].includes(t.lower) && tokens[i - 1]?.text === "," && (tokens[i + 1]?.pos === "VERB" || (t.lower === "they" && tokens[i + 1]?.pos === "AUX")));
  if (clauseSubject > 0) {
    const they = tokens[clauseSubject]?.lower === "they";
    // A phrase's head, not its modifier: "After all of the base class fields are added, it adds …" names no one thing.
    const head = (i: number) => !["NOUN", "PROPN"].includes(tokens[i + 1]?.pos ?? "");
    const named = tokens.slice(0, clauseSubject).some((t, i) => (t.pos === "NOUN" || t.pos === "PROPN") && head(i) && t.start >= setPhrase && (they ? pluralNoun(t) : !pluralNoun(t) || t.pos === "PROPN"));
    if (!named) return "early pronoun";
  }
  // "POSIX API is used correctly, OpenMP programs can still contain data races." (round 34): a clause run into the
  // main one by a comma, with no "if" or "when" to tie them: the sentence's opening was lost ("Even if the …").
  if (!SUBORDINATE_START.test(text) && /^[^,]*?\b(?:is|are|was|were)\b[^,]*,\s+(?!(?:and|but|or|so|yet|whereas|while|which|that|who|whose|where|when|because|since|although|though|as|if|unless|then|for|nor|and|thus|hence|i\.e\.|e\.g\.)\b)(?:\p{L}+\s+){1,3}(?:can|could|will|would|must|may|might|should|is|are|has|have)\b/u.test(text)) return "fragment";
  // "… again", "… as well", "instead", "… are often found together too.": a continuation of something said before.
  if (/\b(?:as well(?! as\b)|too(?=\s*(?:\([^)]*\))?\.$)|likewise|on the other hand|instead|otherwise|as such|so far|respectively|no other|previously|aforementioned|as discussed|mentioned|the same way|(?:will|would|is|are|can) then)\b|^More\b|\bthat (?:hard|work|way|case|point)\b/i.test(text)) return "continuation";
  // "XML parsers often return Unicode data, for example.", "… the resulting stream will be …": an example of,
  // or the result of, something said before.
  // ("The returned index is computed relative to …": returned by a call described before.)
  // ("… the same caveat about class and instance attributes applies as for regular assignments": a caveat given before.)
  // ("The newly created socket …", "The options object may contain …" (round 42, Node.js's net and dgram): made by, or
  // passed to, the call described above.)
  if (/[,;]\s*for (?:example|instance)\s*[,.]|\bthe (?:resulting|returned|newly (?:created|added|opened|allocated))\b|\bthe (?:options?|callback|handle) (?:object|argument|parameter|function)\b|\b(?:and|once) again\b|\bthe same (?:caveats?|restrictions?|considerations?|remarks?|limitations?|warnings?|notes?|rules?)\b/i.test(text)) return "continuation";
  // "… provided in the logging call, i.e. ‘Watch out!’": what an example printed, which the student has not seen.
  if (/\b(?:i\.\s?e\.|e\.\s?g\.),?\s*[‘'"“]/i.test(text)) return "refers to an example";
  // "Running Node.js will now share port 8000 between the workers." (round 37): what the example just shown does now.
  if (/\b(?:will|would|should|can|could|may|might|must) now\b/i.test(text)) return "refers to an example";
  // "A manual page would not be displayed about the local systems conventions.", "An example would be a user having …"
  // (round 45, man-db's manual): "would" as the main verb, with no condition in the sentence, tells what happens in
  // a case set up before it.
  const finite = tokens.find((t) => t.pos === "VERB" || t.pos === "AUX");
  if (finite?.lower === "would" && !/\b(?:if|unless|otherwise|when|whenever|without|once|in case)\b/i.test(text)) return "refers to an example";
  // "… affected by the most recent successful use of this call." (round 42, Node.js's dgram): the call is the entry the
  // sentence stands under, named only there.
  if (/\b(?:this|that) (?:call|method|function|option|setting|flag|property|parameter|argument|callback)\b/i.test(text)) return "continuation";
  // "… but in a different context", "Falcot Corp has its own, but …": compared with, or standing for, something said before.
  if (/\b(?:a different|another|a similar) (?:context|way|case|manner|purpose|fashion)\b|\b(?:its|their|his|her) own\s*[,.;:]/i.test(text)) return "continuation";
  // "A vulnerability in one website therefore cannot …", "… installed in a similar fashion": a conclusion or a comparison with what came before.
  if (/\b(?:therefore|thus|hence|consequently|however|in (?:a|the) (?:similar|same) (?:fashion|way|manner)|similarly)\b/i.test(text)) return "continuation";
  if (SELF_REFERENCE.test(text) || NUMBERED_REFERENCE.test(text)) return "refers to the document";
  // "… one of the most severely misunderstood technologies around": a superlative judgement, not a fact.
  if (EVALUATIVE.test(text) || /,\s*say,/i.test(text) || /\bone of the (?:most|least|best|worst)\b/i.test(text)) return "opinion";
  if (BOOK_TALK.test(text)) return "refers to the document";
  // "Module shelve Indexed databases of objects; uses pickle.": a "See also" list's entry, a module and its summary (round 56).
  if (/^Module [\w.]+ \p{Lu}/u.test(text)) return "refers to the document";
  // "The optional flag parameter has the same interpretation as for the open() function", "… have the same meanings as for
  // LZMACompressor": what it says is written elsewhere (rounds 52 and 55: "which open()?").
  if (/\bsame (?:meaning|interpretation|semantics|effect)s? as (?:for|in|with|the)\b/i.test(text)) return "refers to the document";
  if (namesItsUse(text) || parameterNamesItself(text) || doesWhatItsNameSays(tokens)) return "tautology";
  // "An idealized naive date, assuming the current Gregorian calendar always was …" (round 50): a noun phrase, then a
  // participle's clause, no verb of its own.
  const firstComma = tokens.findIndex((t) => t.text === ",");
  // ("The parser, reading each line, builds a tree …" has its verb after the participle's clause.)
  const verbAfterComma = tokens.some((t, k) => tokens[k - 1]?.text === "," && (t.pos === "AUX" || (t.pos === "VERB" && /[^s]s$/.test(t.lower))));
  if (/^(?:A|An|The)\s[^,]{1,60},\s+\p{Ll}+ing\b/u.test(text) && !verbAfterComma && tokens.slice(0, firstComma).every((t) => t.pos !== "VERB" && t.pos !== "AUX")) return "no subject or verb";
  // "The arg_indx integer is an index used to iterate over the arguments." (round 47, a tutorial's program): what a
  // variable of one example program is, trivia of its code.
  if (/\b[Tt]he [a-z]+(?:_[a-z0-9]+)+ (?:integer|variable|array|pointer|counter|flag|string|buffer|list)\b/.test(text)) return "code";
  // "… maintains the Debian Kernel Handbook with comprehensive documentation", "… are documented in the man page":
  // where to read about something, not the thing.
  // ("… providing code, data, or documentation" is what a package holds, not a pointer; nor is a manual page a pointer
  // where the sentence is about manual pages, "When manual pages are formatted, …" in man-db's manual, round 45.)
  if (/\bhandbook\b|\bdocumented (?:in|by|on|at)\b/i.test(text) || PAGE_POINTER.test(text) || DOCUMENTATION_POINTER.test(text)) return "refers to the document";
  // "The basic suppression format is described in Suppressing errors.": where to read, not what.
  if (/\b(?:is|are) (?:described|explained|covered|discussed|documented|detailed|listed|shown|given) (?:in|on|at|below|above|later|elsewhere|separately)\b/i.test(text)) return "refers to the document";
  // "Documentation on how to implement generic classes …": a "See also" link's description, not a statement.
  if (/^(?:Documentation|Details|Information|More (?:information|details)|Further (?:information|details|reading)) (?:on|about|for|of)\b/.test(text)) return "refers to the document";
  // "A more detailed explanation … can be found in the sidebar VOCABULARY …": where to read, and the book's layout.
  if (/\bsidebars?\b|\b(?:can|may) be found in (?:the )?(?:box|appendix|section|chapter|figure|table)\b/i.test(text)) return "refers to the document";
  // "The Debian Policy describes …", "RFC 2136 details …": what another text covers, not the thing.
  if (/\b(?:policy|specification|standard|RFC|FAQ|HOWTO|guide|book|article|paper|website|wiki)(?:\s+\d+)?\s+(?:describes|explains|documents|details|covers|lists|discusses|mentions)\b/i.test(text)) return "refers to the document";
  // "The Falcot administrators just want to create …": what the people of a running example wish or decide.
  if (/\b(?:want|wants|wanted|wish|wishes|wished|decide|decides|decided|chose|choose|chooses|prefer|prefers|preferred|plan|plans|planned) to\b/i.test(text)) return "narrative";
  // "Falcot Corp has …", "Acme Inc. runs …": the book's example company, not the subject.
  if (/\b\p{Lu}[\p{L}-]* (?:Corp|Corporation|Inc|Ltd|GmbH|LLC|Company)\b/u.test(text)) return "narrative";
  if (VERSION_TRIVIA.test(text)) return "version trivia";
  // A changelog's entry ("Added tests ensuring that …", "The times function now returns …", round 48's Underscore page):
  // what changed in a release, not what the thing is.
  if (/^(?:Added|Fixed|Removed|Changed|Improved|Updated|Renamed|Deprecated|Dropped|Optimized|Reverted)\s/.test(text) || /\bnow (?:returns|supports|accepts|works|uses|takes|handles|requires|throws|raises|includes|allows|produces|passes|calls)\b/.test(text)) return "version trivia";
  // "BLAKE2 was designed by Jean-Philippe Aumasson, Samuel Neves, …" (round 48): who made a thing is trivia beside it.
  if (/\b(?:designed|written|created|developed|invented|authored|implemented) by (?:\p{Lu}[\p{L}'-]+\s){1,3}/u.test(text)) return "version trivia";
  // "… applied to each of these groups": a demonstrative anywhere points outside the sentence.
  // ("An iterator is an object representing a stream …; this object returns …": "this" before a noun the
  // sentence named already points inside it.)
  // "… a callback function declared this way …" (round 35): the way shown before.
  if (/\b(?:this|that) (?:way|manner|fashion)\b/i.test(text)) return "demonstrative";
  if (/\b(?:those|above|below|former|latter)\b/i.test(text) || tokens.some((t, i) => pointsOutside(tokens, i)) || /\bsuch\b(?! as\b)/i.test(text) || /\bthat (?:last|first|same|previous|other)\b/i.test(text)) return "demonstrative";
  // "… passed on to handlers of that limited set", "… as that one": "that" before a noun points outside too.
  if (tokens.some((t, i) => t.lower === "that" && i > 0 && tokens[i - 1]?.pos === "ADP" && ["ADJ", "NOUN"].includes(tokens[i + 1]?.pos ?? ""))) return "demonstrative";
  // "If that field at the top of the policy file is true …" (round 51): the field named before.
  if (tokens.some((t, i) => (t.lower === "that" || t.lower === "this") && t.pos === "DET" && tokens[i - 1]?.pos === "SCONJ" && tokens[i + 1]?.pos === "NOUN")) return "demonstrative";
  // "Examples include skipping the test, …" (round 51): examples of what the sentence before described.
  if (/^(?:Examples|Typical examples|Common examples|Other examples) (?:include|are)\b/.test(text)) return "vague subject";
  // "… WASI The Permission Model is initialized …" (a list run in), "… locale. calendar.day_abbr An array …" (an attribute's
  // name and description run on): two pieces of a page, not one sentence (round 51).
  if (/[\p{L}\d] (?:The|An?) \p{L}+(?: \p{L}+)? (?:is|are|was|were|can|will|must|may)\b/u.test(text) || /\. [a-z_]+(?:\.[a-z_]+)+ (?:An?|The)\s/.test(text)) return "debris";
  // "… meets that criterion, then …": after a verb, "that" and a noun with no verb of its own point outside too.
  if (tokens.some((t, i) => t.lower === "that" && tokens[i - 1]?.pos === "VERB" && tokens[i + 1]?.pos === "NOUN" && ["PUNCT", "ADP", "CCONJ"].includes(tokens[i + 2]?.pos ?? "PUNCT"))) return "demonstrative";
  // "… could achieve the same effect" (round 36): the effect of something said before.
  if (/\bthe same (?:effect|result|outcome|purpose|behaviou?r|thing)\b/i.test(text)) return "continuation";
  // "One way to do so is …": "do so" repeats an action named before.
  if (/\b(?:do|does|did|doing|done) so\b/i.test(text)) return "continuation";
  // "In some cases, it may be preferable not to …", "Sometimes the status code indicates …": a hedge cannot be marked true or false.
  // "When a thread acquires the lock, sometimes the thread will be assigned to the same CPU …" (round 38): true of
  // anything, so nothing to test; what a thing is "sometimes called" is a name all the same.
  if (/\b(?:preferable|defensible|in (?:some|certain|many|most) cases|it (?:may|might|could) be)\b|\bsometimes\b(?! (?:called|known|referred|written|spelled|abbreviated|named)\b)/i.test(text)) return "opinion";
  // "In many use-cases, one doesn't care what …": "one" is the reader.
  if (/\bone (?:doesn['’]t|does not|can['’]t|cannot|can|could|must|should|may|might|needs?|has to|wants?)\b/i.test(text)) return "addresses the reader";
  // An imperative ("Recall that …", "Make work the …") is an instruction, not a fact.
  // "Exporting a generic will also export its methods": a gerund is a subject, not an order.
  const gerundSubject = tokens[0]?.lower.endsWith("ing") === true && !tokens.slice(0, 8).some((t) => t.text === ",");
  // "Derived classes may override …", "Nested functions can …": a participle before its noun describes the subject.
  const participleSubject = /^\p{Lu}\p{Ll}+ed$/u.test(tokens[0]?.text ?? "") && ["NOUN", "PROPN"].includes(tokens[1]?.pos ?? "");
  if ((tokens[0]?.pos === "VERB" && !gerundSubject && !participleSubject) || /^(?:Notice|Note|Recall|Remember|Observe|Consider|Suppose|Assume|Let|Try|Use|Make|Compare)\b|^Return (?:an?|the)\b|^Attempt to\b/.test(text)) return "imperative";
  // An option's description, its verb taken for a name ("Show help for all options …", round 38: Valgrind's manual):
  // not "Display settings are …", where a noun follows.
  if (/^(?:Show|Display|Print|Enable|Disable|Specify|Ignore|Dump|Trace|Emit|Suppress)\b/.test(text) && ["VERB", "DET", "ADP", "PRON"].includes(tokens[1]?.pos ?? "")) return "imperative";
  // "Request that all data for the open file descriptor is flushed …" (fs.fsync(), round 49).
  if (/^(?:Request|Ensure|Make sure|Check|Verify|Require) that\b/.test(text)) return "imperative";
  // "By default, includes ASCII single and double quotes." (shlex.quotes, round 49): a verb after the opening phrase, its subject left out.
  const afterOpening = tokens[firstComma + 1];
  if (/^[^,]{1,40},/.test(text) && afterOpening?.pos === "VERB" && /\p{Ll}[^s]s$/u.test(afterOpening.text) && afterOpening.lemma !== afterOpening.lower) return "no subject or verb";
  // "Once symbols are registered, check that …": an order after its condition.
  // "On Windows, convert forward slashes …": a library entry's description, its function unnamed (round 29).
  // "If the internal counter is zero on entry, block until awoken …" (round 36): any verb's base form after the condition.
  const condition = /^(?:Once|When|Whenever|If|After|Before|Unless|While|Where)\b/.test(text) ? tokens.findIndex((t) => t.text === ",") : -1;
  const afterCondition = tokens[condition + 1];
  if (condition > 0 && afterCondition?.pos === "VERB" && afterCondition.lower === afterCondition.lemma && afterCondition.text === afterCondition.lower) return "imperative";
  if (/^(?:Once|When|Whenever|If|After|Before|Unless|While|Where|For|To|In|On|Under)\b[^,]*,\s*(?:check|make|use|ensure|see|note|run|call|set|add|remove|do|don['’]t|try|avoid|consider|remember|put|define|specify|include|write|edit|look|install|load|keep|be|type|enter|select|click|choose|open|start|stop|return|convert|raise|create)\b/i.test(text)) return "imperative";
  // "Always False if symbolic links are not supported …": what an entry returns, the entry unnamed (round 29).
  if (/^(?:Always|Never|Also|Otherwise)\s+(?:True|False|None|zero|empty)\b/.test(text)) return "no subject or verb";
  // "Sorts a list into groups and returns a count …" (Underscore.js's _.countBy): a verb's -s form before a determiner, its subject left out.
  const opening = /^(\p{Lu}\p{Ll}{2,}?)(?:e?s) (?:a|an|the|each|every|all|its|any|one)\s/u.exec(text);
  if (opening && [opening[1] ?? "", `${opening[1]}e`].some((verb) => isEnglishWord(verb.toLowerCase()))) return "no subject or verb";
  // "Like digest() except the digest is returned as a string …", "Similar to without, but returns …": an entry's
  // description by another's, its own name left out (hashlib, Underscore.js).
  if (/^(?:Like\b[^,]*\bexcept\b|(?:Similar to|Same as|Equivalent to|Identical to|Alias for|Shorthand for)\b)/.test(text)) return "no subject or verb";
  // Talk to the reader ("we want to record", "you can …") is about the course, not the subject.
  if (/\b(?:we|our|us|you|your|I|me|my)\b/i.test(withoutAbbreviations(text).replace(/^I\b/, ""))) return "addresses the reader";
  // "The value is …", "The function is then applied …": which one is said before.
  const second = tokens[1];
  // ("The method stops searching …", round 37: the tagger reads a verb in -s before another as a noun.)
  const verbAsNoun = tokens[2]?.pos === "NOUN" && /\p{Ll}s$/u.test(tokens[2].text) && ["VERB", "DET", "ADP", "PART"].includes(tokens[3]?.pos ?? "");
  if (tokens[0]?.lower === "the" && second && (GENERIC_NOUNS.has(second.lower) || VAGUE_SUBJECTS.has(second.lower)) && (verbAsNoun || (tokens[2]?.pos !== "NOUN" && tokens[2]?.pos !== "ADP"))) return "vague subject";
  // "The result is …", "The only solution is for the package author to …": of a problem or a step described before.
  const referring = second && (REFERRING_NOUNS.has(second.lower) || (REFERRING_MODIFIERS.has(second.lower) && REFERRING_NOUNS.has(tokens[2]?.lower ?? "")));
  if (tokens[0]?.lower === "the" && referring) return "vague subject";
  // "A simple fix is to add a tiny sleep …", "One solution is …": of a problem described before (round 28).
  if (["a", "an", "one"].includes(tokens[0]?.lower ?? "") && second && (REFERRING_MODIFIERS.has(second.lower) || tokens[0]?.lower === "one") && REFERRING_NOUNS.has((REFERRING_MODIFIERS.has(second.lower) ? tokens[2] : second)?.lower ?? "")) return "vague subject";
  if (definiteGenericSubject(tokens) || definiteGeneralNoun(tokens)) return "vague subject";
  // "The tree entries correspond …", "The table rows …" (round 33): the parts of one tree or table described before.
  if (tokens[0]?.lower === "the" && second?.pos === "NOUN" && tokens[2]?.pos === "NOUN" && PARTS.has(tokens[2].lemma) && ["AUX", "VERB"].includes(tokens[3]?.pos ?? "")) return "vague subject";
  // "The two methods …" (round 35), "Two variables are significant …" (round 43): ones named before or after.
  if (/^(?:The (?:two|three|four|five)|Two|Three|Four|Five) (?:\p{Ll}+ )?\p{Ll}+s (?!of\b)/u.test(text) && !/:/.test(text)) return "vague subject";
  // "Each element has …", "Every line …": each of the ones just described.
  if (/^(?:Each|Every)\b/.test(text) && second && (GENERIC_NOUNS.has(second.lower) || VAGUE_SUBJECTS.has(second.lower) || PARTS.has(second.lower))) return "vague subject";
  // "… by either desktop": either of two named before ("either … or" is fine).
  if (/\beither\b/i.test(text) && !/\beither\b.*\bor\b/i.test(text)) return "vague subject";
  // wink's entities find addresses the pattern misses (and the pattern those split by extraction).
  const address = sentence.entities.some((e) => ["URL", "EMAIL", "HASHTAG", "MENTION"].includes(e.type));
  if (PLACEHOLDER.test(text) || URL_OR_MAIL.test(text) || address) return "placeholder or address";
  if (PAGE_DEBRIS.test(text)) return "page debris";
  // "interest-11Traditionally": a footnote mark run into the next footnote's text.
  // "2.decimal sets …", "( to be chosen …)": a number run into a word, brackets spaced as in a table.
  // ("bz2.open()" is a name from code, no number run into a word.)
  if (/\p{Ll}-?\d+\p{Lu}/u.test(text) || /\p{L}[,;]\d{1,3}\s/u.test(text) || /\d\.\p{L}/u.test(withoutNames(text, tokens.filter((t) => t.code))) || /\(\s|\s\)/.test(text) || repeatsItself(words)) return "debris";
  // A table's row, a function's name then its description: "mean() Arithmetic mean ("average") of data." (round 38: statistics).
  if (/^[\p{L}_][\w.]*\(\)\s+\p{Lu}\p{Ll}/u.test(text)) return "debris";
  // "O_APPEND Flag indicating to open …" (fs's table of flags, round 49): a constant, then its description.
  if (/^\p{Lu}[\p{Lu}\d]*_[\p{Lu}\d_]+\s+\p{Lu}\p{Ll}+\s/u.test(text)) return "debris";
  // "EOF is signaled with a None value; Quoted empty strings ('') are allowed." (shlex's list, round 49).
  if (/;\s+\p{Lu}\p{Ll}+\s/u.test(text)) return "two sentences";
  // "Higher values lead to better performance …": values of a setting named before (fs's bufferSize, round 49).
  if (/^(?:Higher|Lower|Larger|Smaller|Bigger|Greater|Shorter|Longer) (?:values|numbers|settings|limits)\b/.test(text)) return "vague subject";
  // "option Lang: JA AMC will …": a setting and its value printed inside the sentence.
  if (/\b\p{Lu}[\p{L}-]*:\s+\p{Lu}{2,}/u.test(text)) return "label";
  // "A few pieces are still …", "Several options exist …": some of the ones just described.
  if (/^(?:A few|Several|Some|Various|Certain|A number of|A couple of|Few|Both)\s+\p{Ll}/u.test(text)) return "vague subject";
  // "… an integral part of any security policy for several reasons": a claim whose reasons come elsewhere.
  if (/\b(?:integral|essential|crucial|vital) (?:part|component|element|aspect)\b|\bfor (?:several|many|various|a number of|two|three|these) reasons\b/i.test(text)) return "opinion";
  // "The matching Debian package is …", "The corresponding patch …": matching what was said before.
  if (/^The (?:matching|corresponding|relevant|appropriate|respective|associated|aforesaid|said)\b/.test(text)) return "vague subject";
  // "E.g., for the class template …: Even though …": an example and a second sentence run together.
  if (/^(?:E\.\s?g\.|I\.\s?e\.|Cf\.|Viz\.)/i.test(text) || /:\s+(?!I\b)\p{Lu}\p{Ll}+\s+\p{Ll}/u.test(text)) return "two sentences";
  // "… without any formatting: util.format() is a synchronous method …" (round 48): the example the colon introduced
  // was code, dropped, and the next paragraph's sentence ran on.
  if (/:\s+[\p{L}_$][\w$]*(?:\.[\w$]+)*\(\)\s+(?:is|are|was|returns?|can|will|does|has)\b/u.test(text)) return "two sentences";
  // "… to use declarations such as but it is …": an example the extraction dropped (code) left a hole.
  if (/\bsuch as\s*(?:[,.;:)]|and\b|but\b|or\b|is\b|are\b)/i.test(text) || /\b(?:the|a|an|of|to)\s+(?:and|but|or|is|are)\b/i.test(text)) return "debris";
  // "… needed12 to successfully run …": a footnote mark run into its word.
  if (/\b\p{Ll}{3,}(?:ed|ing|ly|ion|ions|ment|ness|ies|es|al)\d{1,3}\b/u.test(text)) return "debris";
  // Two sentences the tagger did not split ("… running R. So, simply …").
  if (/\d (?:The|A|An|This|It|In)\b|\p{Ll}{2}\. \p{Lu}|\b\p{Lu}\. (?:So|The|This|It|A|An|In|If|For|To|That)\b/u.test(text.slice(0, -1))) return "two sentences";
  // "… are treated as CommonJS. Imports of .js files are …", "… a best effort will be made. compact impacts the way …",
  // "None can be used to turn off interpolation, ExtendedInterpolation() provides …" (round 50): a name's full stop, or
  // a comma, between two sentences.
  if (/(?<!\b(?:Mr|Mrs|Ms|Dr|St|vs|etc|Inc|Ltd|No|Fig|Vol|Jr|Sr|al))[\p{L}\d)]{2}\. \p{Lu}\p{Ll}+ (?:of|are|is|was|were|can|will|must|may|should|do|does|has|have)\b/u.test(text)) return "two sentences";
  if (/\p{Ll}{2,}\. [a-z_][\w]* \p{Ll}{3,}[^s]s (?:the|a|an|all|each|any)\b/u.test(text) || (!SUBORDINATE_START.test(text) && /,\s+[\p{L}_][\w.]*\(\)\s+\p{Ll}+[^s]s\b/u.test(text))) return "two sentences";
  // "The default value of scale is 0. ibase and obase define …", "Available since Ninja 1.4. missingdeps given …"
  // (round 43): a sentence ending in a number, and the next opening with a name in lower case.
  if (/\p{L} \d+(?:\.\d+)*\. \p{Ll}/u.test(text)) return "two sentences";
  // "… of the profiled program. event is a string …": a sentence opening with a name in lower case (round 32).
  // ("… the kind of error. error.code is the most stable way …", round 47: a property's dotted name.)
  if (/\p{Ll}{3,}\. [a-z_][\w]*(?:\.[a-z_]\w*)*\s+(?:is|are|was|were|can|must|should|will|may)\b/u.test(text)) return "two sentences";
  // "Normal distribution. mu is the mean, …": a description's title before a sentence opening with a parameter (round 30).
  if (/^\p{Lu}\p{Ll}+(?: \p{Ll}+){0,3}\. \p{Ll}/u.test(text)) return "two sentences";
  // "… with the background color, and, since libpng-1." (round 46): cut at a version's dot ("libpng-1.6"); a name
  // ends a sentence so ("… use UTF-8.", "… stands for Latin-1.").
  if (/(?<![\p{L}\d-])\p{Ll}[\p{L}\d]*-\d+\.$/u.test(text)) return "incomplete";
  // A citation: "(2008)", "Chambers (1998)", titles in quotes with a year.
  if (/\((?:1[5-9]|20)\d\d\)|\b(?:1[5-9]|20)\d\d\)/.test(text)) return "citation";
  // "C++", "C#" and "type(s)" are names and plurals, not operators and calls; so are a name or two from code in
  // prose ("The rotate() method provides …", "cg_merge is a simple program …"): the sentence is about the thing
  // named. More names than that are a listing of an API, and a call with arguments is code.
  const names = tokens.filter((t) => t.code);
  // (The entry's name written in before a description's sentence, "In XML_SetStartNamespaceDeclHandler, …", is no
  // name the sentence lists.)
  if (names.filter((t) => !sentence.named || t.start >= sentence.named.stop).length > MAX_CODE_NAMES) return "code";
  const prose = withoutAbbreviations(withoutNames(text, names))
    .replace(/\b(?:C\+\+|C#|F#)(?!\w)/g, "Cpp")
    .replace(/\(s\)/g, "s");
  if ((prose.match(OPERATOR)?.length ?? 0) > 0 || IDENTIFIER.test(prose)) return "code";
  // "old-postrm", "last-version-configured": a script's name or argument, not an English compound ("built-in").
  const compounds = text.match(/(?<![\p{L}-])\p{Ll}+(?:-\p{Ll}+)+(?![\p{L}-])/gu) ?? [];
  if (compounds.some((word) => word.split("-").length > 2 || word.split("-").some((part) => part.length > 2 && !isEnglishWord(part)))) return "code";
  const brackets = prose.match(/[()]/g)?.length ?? 0;
  if (brackets > 2 || brackets % 2 !== 0 || (text.match(/["“”]/g)?.length ?? 0) % 2 !== 0) return "brackets";
  // Letter salad from glyphs, mostly-number table rows, upper-case headings run into the sentence.
  // (One acronym used again, "A safe UUID is one … can obtain the same UUID", counts once; "one" and "two" are words.)
  // (Two numbers are prose, "encoded using either 2 or 4 bytes"; three or more, a table's row.)
  const numbers = tokens.filter((t) => t.pos === "NUM" && /\d/.test(t.text)).length;
  const odd = tokens.filter((t) => t.pos === "X" || t.pos === "SYM" || (t.pos === "NUM" && /\d/.test(t.text) && numbers >= 3) || (t.text.length > 1 && t.text === t.text.toUpperCase() && /\p{L}/u.test(t.text) && t.start > 0));
  const upper = odd.filter((t) => /^\p{Lu}{2,}s?$/u.test(t.text));
  // (In a function's description named for it, capitals are its terms, no heading run in: "colorsys.rgb_to_yiq() converts the
  // color from RGB coordinates to YIQ coordinates.", round 55.)
  const capitals = sentence.described ? 0 : new Set(upper.map((t) => t.text)).size;
  if (odd.length - upper.length + capitals > Math.max(1, words.length * 0.12)) return "debris";
  // Lower-case single letters are variables from examples ("x", "y"); "R", "C" and "a" are words.
  const pluralMark = (t: Token) => t.text === "s" && text.slice(t.start - 1, t.end + 1) === "(s)";
  // (A function's parameters, where the sentence is its description: "math.comb() returns the number of ways to choose k items from n items".)
  if (words.some((t) => t.text.length === 1 && /\p{Ll}/u.test(t.text) && t.text !== "a" && !pluralMark(t) && !sentence.described?.parameters.includes(t.text))) return "single letters";
  // "If A, B and C are all similar arrays": capital letters standing for variables.
  if (words.filter((t, i) => /^\p{Lu}$/u.test(t.text) && !(i === 0 && t.text === "A") && t.text !== "I").length >= 3) return "single letters";
  if (/\?$/.test(text) || /:$/.test(text)) return "not a statement";
  if (!hasSubjectAndVerb(tokens) && !EXPLETIVE_IT.test(text)) return "no subject or verb";
  if (sentence.glossaryTerm !== undefined && definitionWithoutTerm(tokens)) return "glossary fragment";
  return undefined;
}
