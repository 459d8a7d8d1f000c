/**
 * Where the built-in generator may put a blank, which options it offers and which statements it may make false, on
 * sentences from rounds 43 to 46's documents (Valgrind's manual, GNU bc's manual, Node.js's readline, Ninja's manual,
 * the sed FAQ, man-db's and GNU time's manuals, Expat's reference): each rule here refuses what raters rejected there.
 */
import { describe, expect, it } from "vitest";
import { blankable, titleNames } from "../../src/generation/providers/builtin/blanks.ts";
import { constantFamilies, swapConstant, swapMember } from "../../src/generation/providers/builtin/closed-classes.ts";
import { rivalFacts, termDistractors } from "../../src/generation/providers/builtin/distractors.ts";
import { factOf } from "../../src/generation/providers/builtin/facts.ts";
import { clozeShort } from "../../src/generation/providers/builtin/questions.ts";
import { createBuiltinProvider } from "../../src/generation/providers/builtin/index.ts";
import { nounPhrases } from "../../src/generation/providers/builtin/phrases.ts";
import { rejectReason } from "../../src/generation/providers/builtin/quality.ts";
import { createRandom } from "../../src/generation/providers/builtin/random.ts";
import { pageSentences, type Sentence } from "../../src/generation/providers/builtin/sentences.ts";
import { Vocabulary } from "../../src/generation/providers/builtin/vocabulary.ts";
import { Question, type Difficulty, type PageText } from "../../src/generation/providers/types.ts";

/** The generator's context for sentences read as a document: their terms counted, each term once enough. */
function contextOf(sentences: Sentence[], topicKey: string, difficulty: Difficulty = "Easy") {
  const vocabulary = new Vocabulary();
  for (const sentence of sentences) vocabulary.add(sentence, nounPhrases(sentence.text, sentence.tokens));
  return { vocabulary, difficulty, random: createRandom(1), topicKey, minUses: 1, minPages: 1, defined: new Set<string>() };
}

/** The sentences of `texts`, each on a page of its own, the whole printed twice so that every term recurs. */
const twice = (texts: string[]) => [1, 2].flatMap((copy) => texts.flatMap((text, i) => pageSentences({ page: copy * 10 + i, text })));

/** The phrases a blank may fall on in `text`, the sentence given on three pages so that every term recurs. */
function blanksIn(text: string, topicKey = "zzz"): string[] {
  const sentences = [1, 2, 3].flatMap((page) => pageSentences({ page, text }));
  return blankable(factOf(sentences[0]!), contextOf(sentences, topicKey)).map((phrase) => phrase.text);
}

describe("a blank", () => {
  it("is never one of a pair the stem names, nor the document's way of putting things ('relative or _____', 'interpolation purposes', round 50)", () => {
    expect(blanksIn("In datetime.timedelta, arguments may be integers or floats, and may be positive or negative.")).toEqual([]);
    expect(blanksIn("A file extension must be provided when using the import keyword to resolve relative or absolute specifiers.")).toEqual(["import keyword"]);
    expect(blanksIn("The default section holds default values for other sections and interpolation purposes.")).toEqual([]);
  });

  it("is never a lone word any module or interface is ('Because the shelve _____ is backed by pickle': module, round 55)", () => {
    expect(blanksIn("Because the shelve module is backed by the pickle serializer, it is insecure to load a shelf from an untrusted source.")).not.toContain("module");
    expect(blanksIn("The choice of which database package will be used depends on which interface is available on the system.")).not.toContain("interface");
    expect(blanksIn("Because the shelve module is backed by the pickle serializer, it is insecure to load a shelf from an untrusted source.")).toContain("pickle serializer");
  });

  it("is never what a denial is said of, nor a degree's or a count's key ('its _____ is usually not invoked', 'a relatively _____', round 56)", () => {
    expect(blanksIn("When a class instance is unpickled, its __init__() method is usually not invoked by the unpickling machinery.")).not.toContain("__init__() method");
    expect(blanksIn("By default, the pickle data format uses a relatively compact binary representation for the objects it writes.")).not.toContain("compact binary representation");
    expect(blanksIn("The enter() and exit() methods can be called an arbitrary number of times on a single domain object.")).not.toContain("arbitrary number");
    // Elsewhere the same terms are blanks.
    expect(blanksIn("By default, the pickle data format uses a compact binary representation for the objects it writes.")).toContain("compact binary representation");
  });

  it("is never a list's middle member, nor a word for any parameter, equivalent or exception (round 57: 'stdin, stdout, _____, and exit')", () => {
    expect(blanksIn("The sandbox gives the program the stdin, stdout, stderr streams, and exit capabilities of the host.")).not.toContain("stderr streams");
    expect(blanksIn("If the default parameter is given, the ContextVar.get() method returns it when the variable has no value.")).not.toContain("parameter");
    expect(blanksIn("A tapset is the SystemTap equivalent of a library which hides some of the lower-level details.")).not.toContain("equivalent");
    // A list's last member is still a blank where the stem names the list's kind.
    expect(blanksIn("The sandbox gives the program the stdin, stdout and stderr streams of the host process.")).toContain("stderr streams");
  });

  it("starts and ends where words do, and never follows a prefix ('the node:d_____': omain module; 'the node: _____': prefix, round 47)", () => {
    const blanks = blanksIn("The stack trace is extended to include the point in time at which the node:domain module had loaded the error handlers.");
    expect(blanks).not.toContain("omain module");
    expect(blanks).toContain("error handlers");
    expect(blanksIn("Core modules can be requested with the node: prefix, which bypasses the require cache.")).not.toContain("prefix");
  });

  it("never falls in what a clause denies ('Png_set_filler() does not change the _____': color type, and bit depth too, round 46)", () => {
    const blanks = blanksIn("The filler transformation does not change the color type of the image, but it adds an alpha channel to each row.");
    expect(blanks).not.toContain("color type");
    expect(blanks).toContain("alpha channel");
  });

  it("never names what a number or a name after it is ('with _____ 1': mode, 'a(n) _____, pngvalid,': test program, round 46)", () => {
    expect(blanksIn("Porter Duff handling of the alpha channel is requested with alpha mode 1 in the transformation call.")).not.toContain("alpha mode");
    const named = blanksIn("The library includes a test program, pngvalid, that illustrates reading and writing of interlaced images.");
    expect(named).not.toContain("test program");
    expect(named).toContain("interlaced images");
  });

  it("never ends on a participle that opens a clause ('created with _____ to null': output set)", () => {
    const blanks = blanksIn("If the readline interface was created with output set to null or undefined the query is not written.");
    expect(blanks).not.toContain("output set");
    const math = blanksIn("The math functions will calculate their results to the scale set at the time of their call.");
    expect(math).not.toContain("scale set");
    // A noun phrase ending in "set" that is a set stays a term.
    expect(blanksIn("Each rule declares a character set for the input of the shell command.")).toContain("character set");
  });

  it("never falls on a fixed expression ('to a lesser extent')", () => {
    const blanks = blanksIn("Valgrind is closely tied to details of the CPU and operating system, and to a lesser extent, the compiler and basic C libraries.");
    expect(blanks).not.toContain("lesser extent");
    expect(blanks.length).toBeGreaterThan(0);
  });

  it("never follows a quoted word of its term (the traditional 'line' _____)", () => {
    expect(blanksIn("Performance is not on par with the traditional 'line' event API of the readline module.")).not.toContain("event API");
  });
});

describe("a statement", () => {
  it("with a number for its subject and no list is refused ('Two variables are significant …')", () => {
    const [two] = pageSentences({ page: 1, text: "Two variables are significant when declared in the outermost file scope." });
    expect(two && rejectReason(two)).toBe("vague subject");
    const [three] = pageSentences({ page: 1, text: "Three build statements are needed for every object file of the project." });
    expect(three && rejectReason(three)).toBe("vague subject");
    // "Two kinds of …" with its list after a colon names what it counts.
    const [listed] = pageSentences({ page: 1, text: "Two variables are significant in the outermost scope: builddir and ninja_required_version." });
    expect(listed && rejectReason(listed)).not.toBe("vague subject");
  });

  it("is not made false with a definition that fits it ('A statement list is a list of bc statements')", async () => {
    // GNU bc's manual: a function's body is a list of statements, and so is a statement list.
    const pages: PageText[] = [
      "The function body is a list of bc statements.",
      "A statement list is a series of statements separated by semicolons and newlines.",
      "An auto list is a list of variables that are for local use.",
      "A function body is executed each time the function is called, and its statement list runs in order.",
      "The statement list of a function body may be empty, and the auto list may be empty.",
    ].map((text, i) => ({ page: i + 1, text }));
    const statements = (await allItems(pages, "statement list")).map((q) => q.question);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.join("\n")).not.toMatch(/^True or false: A statement list is a list of bc statements/m);
    expect(statements).not.toContain("What is a list of bc statements?");
  });

});

describe("a pronoun", () => {
  it("after a clause about what there is none of stands for something said before ('If no rule is given, it prints …')", () => {
    const [none] = pageSentences({ page: 1, text: "If no rule is given, it prints the source files of the whole build graph." });
    expect(none && rejectReason(none)).toBe("early pronoun");
    // "When R starts, it reads …": the noun before it is what it stands for.
    const [named] = pageSentences({ page: 1, text: "When Ninja starts, it loads the build log and the deps log of the build directory." });
    expect(named && rejectReason(named)).toBeUndefined();
  });
});

/** Valgrind's list of tools, as its manual's introduction prints it (round 43). */
const VALGRIND_TOOLS: PageText[] = [
  {
    page: 1,
    text: [
      "1.1. An Overview of Valgrind",
      "Valgrind is an instrumentation framework for building dynamic analysis tools. It comes with a set of tools each of which performs some kind of debugging, profiling, or similar task that helps you improve your programs.",
      "A number of useful tools are supplied as standard.",
      "1. Memcheck is a memory error detector. It helps you make your programs, particularly those written in C and C++, more correct.",
      "2. Cachegrind is a cache and branch-prediction profiler. It helps you make your programs run faster.",
      "3. Callgrind is a call-graph generating cache profiler. It has some overlap with Cachegrind, but also gathers some information that Cachegrind does not.",
      "4. Helgrind is a thread error detector. It helps you make your multi-threaded programs more correct.",
      "5. DRD is also a thread error detector. It is similar to Helgrind but uses different analysis techniques and so may find different problems.",
      "6. Massif is a heap profiler. It helps you make your programs use less memory.",
      "7. DHAT is a different kind of heap profiler. It helps you understand issues of block lifetimes, block utilisation, and layout inefficiencies.",
      "8. BBV is a tool that generates basic block vectors for use with the SimPoint analysis tool.",
    ].join("\n"),
  },
];

async function allItems(pages: PageText[], topic: string): Promise<Question[]> {
  const provider = createBuiltinProvider();
  const items: Question[] = [];
  for (const difficulty of ["Easy", "Medium", "Hard"] as const)
    for (const seed of [1, 2, 3]) {
      const got = await provider
        .generate({ topic, difficulty, count: 5, types: ["multiple_choice", "true_false", "short_answer"], passages: pages, document: { pageCount: pages.length, pages: () => Promise.resolve(pages) }, exclude: [], seed })
        .catch(() => []);
      items.push(...got.map((item) => Question.parse(item)));
    }
  return items;
}

describe("a term the material describes", () => {
  it("is not asked for where another term fits the description too (Helgrind and DRD are both thread error detectors)", async () => {
    const items = await allItems(VALGRIND_TOOLS, "thread errors");
    expect(items.length).toBeGreaterThan(0);
    for (const q of items) {
      expect(q.question).not.toMatch(/^What is a thread error detector\?|^Which of the following is a thread error detector\?/);
      // Neither is swapped into the other's sentence as a false statement.
      expect(q.question).not.toMatch(/^True or false: (?:DRD is a thread|Helgrind is also a thread)/);
    }
  });

  it("is not asked for by the words its acronym stands for ('What is a tool that generates basic block vectors …?': BBV)", async () => {
    const items = await allItems(VALGRIND_TOOLS, "basic block vectors");
    for (const q of items) expect(q.answer, q.question).not.toBe("BBV");
  });
});

describe("two sentences run together", () => {
  it("are refused where the first ends in a number and the second opens with a name in lower case", () => {
    for (const text of [
      "The default value of scale is 0. ibase and obase define the conversion base for input and output numbers.",
      "Available since Ninja 1.4. missingdeps given a list of targets, look for targets that depend on a generated file.",
    ]) {
      const sentences = pageSentences({ page: 1, text });
      expect(sentences.every((s) => rejectReason(s) !== undefined), text).toBe(true);
    }
    // A number inside a sentence ("version 1.4 of Ninja") is no end.
    const [one] = pageSentences({ page: 1, text: "The depth variable of a pool was added in version 1.1 of the build file syntax." });
    expect(one && rejectReason(one)).not.toBe("two sentences");
  });
});

describe("a cloze's wrong options", () => {
  // GNU bc's manual (round 43): "break statement" was offered beside "syntax error" and "runtime error".
  const texts = [
    "Termination of the loop is caused by the execution of a break statement or a zero value of the condition.",
    "The print statement writes its expressions to the standard output, and a syntax error stops the processor.",
    "The quit statement ends the processor, and the return statement ends a function call with a runtime error code.",
    "A break statement ends the innermost loop, and the continue statement starts its next iteration after a syntax error.",
    "The return statement gives the value of a function call, and the print statement prints strings to the standard output.",
    "A runtime error ends the function call, unlike the quit statement, and the standard output shows a syntax error.",
  ];

  it("are terms listed beside the answer or of its head noun, never terms merely used in its company", () => {
    const sentences = twice(texts);
    const ctx = contextOf(sentences, "loop", "Medium");
    const answer = nounPhrases(sentences[0]!.text, sentences[0]!.tokens).find((phrase) => phrase.text === "break statement")!;
    const stem = "Termination of the loop is caused by the execution of a(n) _____ or a zero value of the condition.";
    // Used like the answer, other kinds of thing come in ("syntax error", "runtime error") …
    const company = termDistractors({ ...answer }, stem, 3, ctx);
    expect(company.some((option) => !option.endsWith(" statement")), company.join(" / ")).toBe(true);
    // … of its kind, only statements.
    const kindred = termDistractors({ ...answer }, stem, 3, ctx, true);
    expect(kindred.length).toBeGreaterThanOrEqual(2);
    for (const option of kindred) expect(option).toMatch(/ statement$/);
  });
});

describe("a lone name listed beside the answer", () => {
  it("is a wrong option of its kind though never written with an article, its label apart (ibase beside obase, round 43)", () => {
    const texts = [
      "The special variables ibase, obase, scale and last hold the state of the bc processor.",
      "All constants in the function body will be converted using the value of ibase at the time of the function call.",
      "Numbers are printed in the base that obase holds, and the variables ibase, obase and scale are set by assignment.",
      "The value of scale is the number of digits after the decimal point, and last holds the last number printed.",
    ];
    const sentences = twice(texts);
    const ctx = contextOf(sentences, "function body", "Medium");
    const answer = nounPhrases(sentences[1]!.text, sentences[1]!.tokens).find((phrase) => phrase.text === "ibase")!;
    const options = termDistractors({ ...answer }, "All constants in the function body will be converted using the value of _____ at the time of the function call.", 3, ctx, true);
    expect(options).toContain("obase");
    for (const option of options) expect(["obase", "scale", "last"]).toContain(option);
  });
});

describe("a sentence of a C reference entry", () => {
  const page = (text: string) => pageSentences({ page: 13, text });
  it("is read with the entry's name where it leaves it out ('name the handler', Expat's reference, round 46)", () => {
    const [sentence] = page(
      "XML_SetStartNamespaceDeclHandler void XMLCALL XML_SetStartNamespaceDeclHandler(XML_Parser p,\n" +
        "The URI will be null for the case where the default namespace is being unset.",
    );
    expect(sentence?.text).toBe("In XML_SetStartNamespaceDeclHandler, the URI will be null for the case where the default namespace is being unset.");
    expect(sentence?.printed).toBe("The URI will be null for the case where the default namespace is being unset.");
    expect(rejectReason(sentence!)).toBeUndefined();
    // No blank falls on the name written in.
    const ctx = contextOf([1, 2, 3].flatMap(() => [sentence!]), "zzz");
    for (const phrase of blankable(factOf(sentence!), ctx)) expect(phrase.start).toBeGreaterThanOrEqual("In XML_SetStartNamespaceDeclHandler".length);
  });

  it("is left as printed where it names the entry or stands under no entry's heading, and refused as an instruction", () => {
    const [named, instruction] = page(
      "XML_GetErrorCode enum XML_Error XMLCALL XML_GetErrorCode(XML_Parser p);\n" +
        "The error code of XML_GetErrorCode is one of the values of the XML_Error enumeration.\n\n" +
        "Return what type of error has occurred in the parser that was given.",
    );
    expect(named?.text).toBe("The error code of XML_GetErrorCode is one of the values of the XML_Error enumeration.");
    // An instruction is no statement about the entry, named or not.
    expect(rejectReason(instruction!)).toBe("imperative");
    // A name alone on its line (as code listings print them) is no entry's heading.
    const [listed] = page("parser_state\nThe state of the parser is kept between calls of the parse function.");
    expect(listed?.text).toBe("The state of the parser is kept between calls of the parse function.");
  });
});

describe("the document's subject", () => {
  it("is the name its title gives, never a blank however few pages repeat it ('_____ will attempt to detect': man-db, round 45)", () => {
    const title = (text: string) => [...titleNames([{ page: 1, text }])];
    expect(title("man-db - the database cached manual pager suite\nGraeme W. Wilford")).toEqual(["man-db"]);
    expect(title("zlib Usage Example\nWe often get questions about deflate.")).toEqual(["zlib"]);
    expect(title("Skip to content\nNode.js v20.20.2 documentation")).toEqual(["node.js"]);
    expect(title("The Ninja build system\nv1.11.1")).toEqual([]);
    const text = "If no character set is specified in the subdirectory name, man-db will attempt to detect the encoding of each page.";
    const sentences = [1, 2, 3].flatMap((page) => pageSentences({ page, text }));
    const ctx = contextOf(sentences, "zzz");
    const blanks = (titled: boolean) => blankable(factOf(sentences[0]!), { ...ctx, ...(titled && { titleNames: new Set(["man-db"]) }) }).map((phrase) => phrase.text);
    expect(blanks(false)).toContain("man-db");
    expect(blanks(true)).not.toContain("man-db");
    expect(blanks(true).length).toBeGreaterThan(0);
  });
});

describe("a member of a closed class", () => {
  it("gets the other members as wrong options, in its number, none the stem names ('prefix them with a backslash', sed FAQ, round 45)", () => {
    const texts = [
      "The ordinary way to prevent expanding metacharacters is to prefix them with a backslash.",
      "Fields separated by commas are matched with a negated character set, and the input is read line by line.",
      "The output of the script goes to standard output unless the syntax of the command says otherwise.",
    ];
    const sentences = twice(texts);
    const ctx = contextOf(sentences, "metacharacters");
    const shape = (text: string, plural = false) => ({ key: text, text, plural, proper: false, words: 1 });
    const characters = ["newline", "tab", "space", "semicolon", "colon", "comma", "period", "slash", "hyphen", "underscore", "asterisk", "ampersand", "apostrophe", "quotation mark", "dollar sign", "carriage return", "null character", "vertical bar", "caret", "tilde", "question mark", "exclamation mark", "plus sign", "equals sign", "percent sign", "at sign"];
    const options = termDistractors(shape("backslash"), "The ordinary way to prevent expanding metacharacters is to prefix them with a(n) _____.", 3, ctx, true);
    expect(options).toHaveLength(3);
    // The document's own "comma" first; never its "output" or "syntax".
    expect(options).toContain("comma");
    for (const option of options) expect(characters).toContain(option);
    const plural = termDistractors(shape("commas", true), "Fields separated by _____ are matched with a negated character set, a semicolon apart.", 3, ctx, true);
    expect(plural).toHaveLength(3);
    for (const option of plural) expect(option).toMatch(/s$/);
    expect(plural).not.toContain("semicolons");
    // A unit is a size, not a kind: "packed into gigabytes" beside "bytes" was absurd (round 46).
    for (const option of termDistractors(shape("bytes", true), "Data will be decoded into the supplied row buffers packed into _____.", 3, ctx, true)) expect(option).not.toMatch(/bytes$/);
    // A pointer gets data types, never one the stem names.
    const types = termDistractors(shape("pointer"), "deflateInit() is called with a(n) _____ to the structure and the level, an integer from -1 to 9.", 3, ctx, true);
    expect(types).toHaveLength(3);
    for (const option of types) expect(["string", "array", "structure", "boolean", "floating-point number", "union"]).toContain(option);
  });

  it("of a dynamic language's types, data formats or what is done to data gets the others (round 54: 'axis', 'branch cut' beside 'float')", () => {
    const ctx = contextOf(twice(["The plistlib module supports both binary and XML plist files.", "The value is returned as a float or a complex number."]), "plist files");
    const shape = (text: string) => ({ key: text, text, plural: false, proper: false, words: text.split(" ").length });
    const types = termDistractors(shape("float"), "cmath.phase() returns the phase of x, as a(n) _____.", 3, ctx, true);
    expect(types).toHaveLength(3);
    // The document's own "complex number" first.
    expect(types).toContain("complex number");
    for (const option of types) expect(["integer", "string", "tuple", "list", "dictionary", "boolean", "complex number", "bytes object", "set", "array"]).toContain(option);
    // A word of C's types and of a dynamic language's, the document using neither more: the latter (round 58: punycode).
    const neither = contextOf(twice(["Punycode is a character encoding scheme used by internationalized domain names in browsers."]), "punycode");
    for (const option of termDistractors(shape("string"), "Calling punycode.toASCII() on a(n) _____ that only contains ASCII characters has no effect.", 3, neither, true)) {
      expect(["pointer", "structure", "union", "floating-point number"]).not.toContain(option);
    }
    // Never one the stem names, whatever its case.
    const formats = termDistractors(shape("binary"), "The plistlib module supports both _____ and XML plist files.", 3, ctx, true);
    expect(formats).toHaveLength(3);
    for (const option of formats) expect(["text", "JSON", "YAML", "CSV"]).toContain(option);
    for (const option of termDistractors(shape("decoding"), "The querystring.unescape() method performs _____ of URL percent-encoded characters.", 3, ctx, true)) {
      expect(["encoding", "parsing", "serialization", "compression", "decompression", "validation"]).toContain(option);
    }
    // Offered as options only: a sentence naming one is still made false by its one character ("a float or a comma").
    expect(swapMember("Each value in the file is separated from the next by a comma and read as text.", 10, createRandom(3), () => false)?.said).toBe("comma");
  });
});

describe("a false statement by another character, or the opposite", () => {
  const random = createRandom(7);
  const none = () => false;
  const CHARACTER = /^(?:newline|tab|space|semicolon|colon|comma|period|slash|hyphen|underscore|asterisk|ampersand|apostrophe|quotation mark|dollar sign|carriage return|null character|vertical bar|caret|tilde|question mark|exclamation mark|plus sign|equals sign|percent sign|at sign|backslash)$/;

  it("names another character where the sentence names one, with its article ('prefix them with an underscore', round 45)", () => {
    for (let i = 0; i < 20; i++) {
      const swapped = swapMember("The ordinary way to prevent expanding metacharacters is to prefix them with a backslash.", 20, random, none)!;
      expect(swapped.said).toBe("backslash");
      expect(swapped.other).toMatch(CHARACTER);
      expect(swapped.other).not.toBe("backslash");
      const article = /^[aeio]|^u(?!ni)/.test(swapped.other) ? "an" : "a";
      expect(swapped.statement).toBe(`The ordinary way to prevent expanding metacharacters is to prefix them with ${article} ${swapped.other}.`);
    }
    // The document's own characters first.
    expect(swapMember("Each line holds a MIME type and a pattern separated by a colon.", 10, random, (m) => m === "semicolon")?.other).toBe("semicolon");
  });

  it("or the opposite where the sentence says one of a pair, in its form ('training after earning the title', 'decompresses')", () => {
    expect(swapMember("A craftsman had to complete five years of training before earning the title of master engraver.", 10, random, none)).toEqual({
      statement: "A craftsman had to complete five years of training after earning the title of master engraver.",
      said: "before",
      other: "after",
    });
    expect(swapMember("The deflate stream compresses the data it is given in blocks.", 18, random, none)?.statement).toBe("The deflate stream decompresses the data it is given in blocks.");
    // An idiom says the same with either word.
    expect(swapMember("The two stylesheets are applied to the document one after the other in a pipeline.", 10, random, none)).toBeUndefined();
    // Two of a pair, or a character beside an opposite: which one would be false is not clear.
    expect(swapMember("The first line and the last line of the file are kept.", 10, random, none)).toBeUndefined();
    expect(swapMember("The hold space is printed after a newline.", 10, random, none)).toBeUndefined();
  });

  it("or another constant of the family the document lists ('XML_STATUS_ERROR should be returned for successful handling', round 46)", () => {
    const families = constantFamilies([
      { page: 1, text: "The handler returns XML_STATUS_OK or XML_STATUS_ERROR; a parser may be XML_STATUS_SUSPENDED. XML_ERROR_NONE means no error." },
      { page: 2, text: "Call XML_GetErrorCode() after XML_STATUS_ERROR. The flag TRANS_NOUNLINK stands alone." },
    ]);
    expect(families.get("XML_STATUS")).toEqual(["XML_STATUS_ERROR", "XML_STATUS_OK", "XML_STATUS_SUSPENDED"]);
    // A family of one is no class; a function's name (followed by its call) is no constant.
    expect(families.has("XML_ERROR")).toBe(false);
    expect(families.has("TRANS")).toBe(false);
    const swapped = swapConstant("XML_STATUS_OK should be returned for successful handling of the external entity reference.", families, random);
    expect(["XML_STATUS_ERROR", "XML_STATUS_SUSPENDED"]).toContain(swapped?.other);
    expect(swapped?.statement).toBe(`${swapped?.other} should be returned for successful handling of the external entity reference.`);
    // Two constants named, or one denied: no clear falsehood.
    expect(swapConstant("The handler returns XML_STATUS_OK when it succeeds and XML_STATUS_ERROR when it fails.", families, random)).toBeUndefined();
    expect(swapConstant("The handler never returns XML_STATUS_SUSPENDED for an external entity.", families, random)).toBeUndefined();
  });

  it("or another type where the sentence says what a thing is or returns, never a modifier's ('a string label', round 47)", () => {
    const swapped = swapMember("The error.code property is a string representing the error code.", 20, random, none);
    expect(["integer", "boolean", "array"]).toContain(swapped?.other);
    expect(swapped?.statement).toBe(`The error.code property is ${swapped?.other === "integer" || swapped?.other === "array" ? "an" : "a"} ${swapped?.other} representing the error code.`);
    expect(swapMember("The error.code property is a string label that identifies the kind of error.", 20, random, none)).toBeUndefined();
    expect(swapMember("The function is called with a pointer to the structure to be initialized.", 10, random, none)).toBeUndefined();
  });

  it("makes nothing false where another character would be as true, or where none is named as itself", () => {
    for (const text of [
      "A negated character set should be used for fields separated by commas, and so on.",
      "The last line of the file does not end with a newline.",
      "Fields may be separated by a tab or a space.",
      "The default extension may be an empty string if compressed cat pages are disabled.",
      "A URL string is parsed by the WHATWG algorithm.",
    ]) expect(swapMember(text, 0, random, none), text).toBeUndefined();
    // A character in the subject (before the verb) is what the sentence is about, not what it says of it.
    expect(swapMember("A backslash before a metacharacter prevents its expansion.", 12, random, none)).toBeUndefined();
  });

  it("gives a test of true/false alone some False keys on a document without rival definitions", async () => {
    const pages: PageText[] = [1, 2, 3].map((page) => ({
      page,
      text: [
        "The glob file is a simple list of lines containing a MIME type and pattern, separated by a colon.",
        "The H command of sed appends the pattern space to the hold space, after a newline.",
        "Metacharacters in a regular expression are quoted by prefixing them with a backslash.",
        "The magic file holds rules that match the contents of a file against known byte patterns.",
      ][page - 1]!,
    }));
    const items = await createBuiltinProvider().generate({
      topic: "patterns",
      difficulty: "Easy",
      count: 4,
      types: ["true_false"],
      passages: pages,
      document: { pageCount: 3, pages: () => Promise.resolve(pages) },
      exclude: [],
      seed: 3,
    });
    const falses = items.map((item) => Question.parse(item)).filter((q) => q.answer === "False");
    expect(falses.length).toBeGreaterThan(0);
    for (const q of falses) expect(q.explanation).toMatch(/^False: the material says "[a-z ]+" here, not "[a-z ]+"/);
  });
});

describe("a false statement by another subject", () => {
  it("names one of the subject's kind where the subject says its kind, even in a short document ('stdout is an alias for console.log()', round 47)", () => {
    const texts = [
      "The console.debug() function is an alias for console.log() in the runtime.",
      "stdout is a writable stream that receives the output of the console.",
      "The console.error() function is a function that prints to stderr with a newline.",
      "stdout is a stream of the process, and the console.error() function writes to stderr.",
    ];
    const sentences = twice(texts);
    const facts = sentences.map((sentence) => factOf(sentence)).filter((fact) => fact.subject);
    const debug = facts.find((fact) => fact.sentence.text.startsWith("The console.debug()"))!;
    const rivals = rivalFacts(debug, facts, 3, contextOf(sentences, "zzz"));
    expect(rivals.map((rival) => rival.subject?.text)).not.toContain("stdout");
  });
});

describe("a name after the word for its kind", () => {
  it("is the name alone: 'the program grep' gives 'grep', never 'program grep' as an option (GNU time's manual, round 45)", () => {
    for (const [text, name] of [
      ["Here is an example of running the program grep on a file of aliases.", "grep"],
      ["The variable ibase holds the input base.", "ibase"],
      ["The module zipfile reads and writes ZIP archives.", "zipfile"],
    ] as const) {
      const phrases = nounPhrases(text, pageSentences({ page: 1, text })[0]!.tokens).map((phrase) => phrase.text);
      expect(phrases, text).toContain(name);
      expect(phrases.some((phrase) => phrase.endsWith(` ${name}`)), text).toBe(false);
    }
  });
});

describe("a repair round's true/false", () => {
  it("counts the keys of the test it adds to ('True or false' kept, and its source), so trues do not run ahead round by round", async () => {
    const kept = ["Memcheck is a memory error detector.", "Massif is a heap profiler."];
    const round = async (exclude: string[]) => {
      const items = await createBuiltinProvider().generate({
        topic: "Valgrind",
        difficulty: "Easy",
        count: 6,
        types: ["true_false", "short_answer"],
        passages: VALGRIND_TOOLS,
        document: { pageCount: 1, pages: () => Promise.resolve(VALGRIND_TOOLS) },
        exclude,
        excludeSources: kept,
        seed: 1,
      });
      const statements = items.map((item) => Question.parse(item)).filter((q) => q.type === "true_false");
      return { trues: statements.filter((q) => q.answer === "True").length, falses: statements.filter((q) => q.answer === "False").length };
    };
    // After questions of another type on those sentences, the round writes true statements of its own …
    const alone = await round(kept.map((sentence) => `Which tool is described so: ${sentence}`));
    expect(alone.trues).toBeGreaterThan(alone.falses);
    // … after two kept true statements, no more trues than the falses it can make.
    const after = await round(kept.map((sentence) => `True or false: ${sentence}`));
    expect(after.trues).toBeLessThanOrEqual(after.falses);
  });
});

describe("a name labelled by its kind", () => {
  it("is the term without its label ('the variable ibase': ibase), a word of English keeps it ('function body')", () => {
    const phrases = (text: string) => {
      const [sentence] = pageSentences({ page: 1, text });
      return nounPhrases(sentence!.text, sentence!.tokens).map((phrase) => phrase.text);
    };
    expect(phrases("The read function uses the current value of the variable ibase for the conversion base.")).toContain("ibase");
    expect(phrases("The read function uses the current value of the variable ibase for the conversion base.")).not.toContain("variable ibase");
    expect(phrases("All constants in the function body are converted at the time of the call.")).toContain("function body");
  });
});

describe("a blank after a name or in an idiom", () => {
  it("is refused: 'the bc _____ is terminated' (processor), 'not on _____ with' (par)", () => {
    expect(blanksIn("When the quit statement is read, the bc processor is terminated, regardless of where the quit statement is found.")).not.toContain("processor");
    expect(blanksIn("Performance of asynchronous iteration is not on par with the traditional event listeners of the module.")).not.toContain("par");
    // After a word of English the noun is a term of its own.
    expect(blanksIn("When the quit statement is read, the whole processor is terminated, regardless of where the quit statement is found.")).toContain("processor");
  });
});

describe("a hyphenated name", () => {
  // The man-db manual (round 45): "Fill in the blank (two words): … _____ will attempt to detect …" (man-db).
  const texts = [
    "If no character set is specified in the subdirectory name, man-db will attempt to detect whether each page is encoded using UTF-8.",
    "The index cache of man-db is rebuilt by mandb whenever a hierarchy of pages changes on the disk.",
    "The MANPATH variable lists every hierarchy of pages that man-db searches, in the order given.",
    "A compressed page is decompressed by man-db with the program that its file extension names.",
    "The whatis database of man-db holds the name and the short description of every page it knows.",
    "Stray cat pages are formatted pages that have no source file in the hierarchy that man-db searches.",
  ];

  it("is one word: never the document's subject as a blank, and never hinted as two words", () => {
    const sentences = twice(texts);
    const ctx = contextOf(sentences, "character set");
    const fact = factOf(sentences[0]!);
    expect(ctx.vocabulary.pagesRead).toBeGreaterThanOrEqual(10);
    expect(blankable(fact, ctx).map((phrase) => phrase.text)).not.toContain("man-db");
    // Asked anyway, as a document of a few pages would, its hint counts the words a student types.
    const name = nounPhrases(fact.sentence.text, fact.sentence.tokens).find((phrase) => phrase.text === "man-db")!;
    expect(clozeShort(fact, name).question).toMatch(/^Fill in the blank: If no character set/);
  });
});
