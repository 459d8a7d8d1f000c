/**
 * A page's sentences as the built-in generator reads them (builtin/sentences.ts, sections.ts): sentences
 * the tagger cut inside a word put back together; numbered sections (which lines are headings, the
 * section each page starts in) and a generated test that asks first about the sections named for its topic.
 */
import { describe, expect, it } from "vitest";
import { createBuiltinProvider } from "../../src/generation/providers/builtin/index.ts";
import { sectionHeading, sectionsAtPageStart } from "../../src/generation/providers/builtin/sections.ts";
import { studyMaterial } from "../../src/generation/providers/builtin/material.ts";
import { rejectReason } from "../../src/generation/providers/builtin/quality.ts";
import { blankable } from "../../src/generation/providers/builtin/blanks.ts";
import { factOf } from "../../src/generation/providers/builtin/facts.ts";
import { nounPhrases } from "../../src/generation/providers/builtin/phrases.ts";
import { createRandom } from "../../src/generation/providers/builtin/random.ts";
import { Vocabulary } from "../../src/generation/providers/builtin/vocabulary.ts";
import { isReferencePage, pageSentences } from "../../src/generation/providers/builtin/sentences.ts";
import { Question, QUESTION_TYPES, type PageText } from "../../src/generation/providers/types.ts";
import { loadFixture, passagesFor } from "../fixtures/text/passages.ts";

const titlesAt = (pages: PageText[], page: number) => (sectionsAtPageStart(pages).get(page) ?? []).map((h) => h.title);

describe("sentences", () => {
  it("are put back together where the tagger cut them inside a word", () => {
    const texts = (text: string) => pageSentences({ page: 1, text }).map((s) => s.text);
    // Rated "garbled" in round 10: "R will contain the functions …" was asked without its file.
    expect(texts("Then the file new.myfuns.R will contain the functions in alphabetical order, in the standard layout.")).toEqual([
      "Then the file new.myfuns.R will contain the functions in alphabetical order, in the standard layout.",
    ]);
    expect(texts("The function data.frame() builds a table. R is a language for statistics.")).toEqual(["The function data.frame() builds a table.", "R is a language for statistics."]);
    // Round 12 (R Data Import/Export): "dbf provide ways to read …" was asked without its functions.
    expect(texts("Functions read.dbf and write.dbf provide ways to read and write basic DBF files on all R platforms. cron is the daemon that runs commands.")).toEqual([
      "Functions read.dbf and write.dbf provide ways to read and write basic DBF files on all R platforms.",
      "cron is the daemon that runs commands.",
    ]);

    // Round 16 (the Python HOWTOs): a paragraph opening with a function's name was run into the sentence
    // before it ("… elements infinitely.itertools.repeat(elem, [n]) returns …") and both were lost as code.
    // What a colon introduces stands apart (the list under "… two simple ideas on which it is based:").
    expect(texts("Git is based on two simple ideas:\nThe object database is the system used to store the history of a project.")).toEqual([
      "Git is based on two simple ideas:",
      "The object database is the system used to store the history of a project.",
    ]);
    expect(
      texts("The new iterator will repeat these elements infinitely.\nitertools.repeat(elem, [n]) returns the provided element n times.\nkey_func(elem) is a function that computes a key value (returns a callable).\ngroupby() collects the consecutive elements."),
    ).toEqual([
      "The new iterator will repeat these elements infinitely.",
      "itertools.repeat(elem, [n]) returns the provided element n times.",
      "key_func(elem) is a function that computes a key value (returns a callable).",
      "groupby() collects the consecutive elements.",
    ]);
    // Round 30 (the random module): a description's title, and a sentence opening with a parameter's name, put
    // back together are two sentences, and not asked.
    const titled = pageSentences({ page: 1, text: "Normal distribution. mu is the mean, and sigma is the standard deviation." });
    expect(titled.map((s) => s.text)).toEqual(["Normal distribution. mu is the mean, and sigma is the standard deviation."]);
    expect(rejectReason(titled[0]!)).toBe("two sentences");
    // Round 32 (Cachegrind's output file): a sentence opening with a field's name in lower case, run on from the last.
    const fields = pageSentences({ page: 1, text: "cmd is a string holding the command line of the profiled program. event is a string containing no whitespace." });
    expect(fields.map((s) => rejectReason(s))).toEqual(["two sentences"]);
    // Round 26: cut after "'!'" and put back together, the piece keeps the space the page printed before it
    // (it was asked as "… an exclamation point '!'may follow.").
    expect(texts("A conversion field, introduced by an exclamation point '!' may follow. A format specifier may also be appended.")).toEqual([
      "A conversion field, introduced by an exclamation point '!' may follow.",
      "A format specifier may also be appended.",
    ]);
  });

  it("end with a full stop where a claim complete in itself stands before a colon (round 27: the Reference's sections open so)", () => {
    const texts = (text: string) => pageSentences({ page: 1, text }).map((s) => s.text);
    expect(texts("6.3.1. Attribute references\nAn attribute reference is a primary followed by a period and a name:\nattributeref ::= primary \".\" identifier")).toContain(
      "An attribute reference is a primary followed by a period and a name.",
    );
    expect(texts("The if statement is used for conditional execution:")).toEqual(["The if statement is used for conditional execution."]);
    // What announces or points at what the colon introduces, or a condition, is left as it is (and never asked).
    for (const announcing of [
      "The basic import statement (no from clause) is executed in two steps:",
      "The syntax for atoms is:",
      "The unnamed object behaves like a function object defined with:",
      "There is nothing special about the statement:",
      "If the sequence pattern is fixed-length:",
      "The timeit module quickly demonstrates a modest performance advantage:",
    ]) {
      expect(texts(announcing), announcing).toEqual([announcing]);
    }
  });
});

describe("openers that tie a sentence to the one before", () => {
  it("are left out, so the sentence reads alone (round 37: gitattributes' 'Please note, that the filter must not …')", () => {
    const text = "Please note, that the filter must not send any response before it received the content and the final flush packet.\nHowever, the empty list must be terminated with a flush packet.";
    expect(pageSentences({ page: 1, text }).map((s) => s.text)).toEqual([
      "The filter must not send any response before it received the content and the final flush packet.",
      "The empty list must be terminated with a flush packet.",
    ]);
  });

  it("include 'And', 'So' and 'But' without a comma, as an essay writes them (round 40: 'Fighting regressions with git bisect')", () => {
    const text = [
      "So the bisection process removes about half of the remaining commits at each step.",
      "And the bisection log is a record of every commit marked as good or bad.",
      "But the bisection process stops when only one commit is left.",
    ].join("\n");
    const sentences = pageSentences({ page: 1, text });
    expect(sentences.map((s) => s.text)).toEqual([
      "The bisection process removes about half of the remaining commits at each step.",
      "The bisection log is a record of every commit marked as good or bad.",
      "The bisection process stops when only one commit is left.",
    ]);
    expect(sentences.map((s) => rejectReason(s))).toEqual([undefined, undefined, undefined]);
    // What the rest then opens with is judged as any sentence's opening would be.
    const [leaning] = pageSentences({ page: 1, text: "And it is launched at each step of the bisection process to test the current commit." });
    expect(leaning && rejectReason(leaning)).toBe("anaphoric start");
  });

  it("leave a sentence that ends in 'too' refused: it adds to something said before", () => {
    const [sentence] = pageSentences({ page: 1, text: "And the best bisection commits are often found together too (due to the bisection algorithm)." });
    expect(sentence?.text).toBe("The best bisection commits are often found together too (due to the bisection algorithm).");
    expect(sentence && rejectReason(sentence)).toBe("continuation");
  });
});

describe("a library reference's entries", () => {
  it("give the first sentence of their description their name (round 28: 'Base class for warnings related to bytes and _____. exception ResourceWarning …')", () => {
    // As StudyForge stores the "Built-in Exceptions" page: an entry's line over its description, or run onto the sentence before it.
    const text = [
      "exception AssertionError",
      "Raised when an assert statement fails.",
      "exception ArithmeticError",
      "The base class for those built-in exceptions that are raised for various arithmetic errors.",
      "exception BytesWarning",
      "Base class for warnings related to bytes and bytearray. exception ResourceWarning",
      "Base class for warnings related to resource usage.",
      "exception KeyboardInterrupt",
      "Can be raised when the user hits the interrupt key.",
      "abs(x)",
      "Return the absolute value of a number. The argument abs takes may be an integer or a floating point number.",
      "exception FloatingPointError",
      "Not currently used.",
    ].join("\n");
    const sentences = pageSentences({ page: 1, text });
    expect(sentences.map((s) => s.text)).toEqual([
      "AssertionError is raised when an assert statement fails.",
      "ArithmeticError is the base class for those built-in exceptions that are raised for various arithmetic errors.",
      "BytesWarning is the base class for warnings related to bytes and bytearray.",
      "ResourceWarning is the base class for warnings related to resource usage.",
      "KeyboardInterrupt can be raised when the user hits the interrupt key.",
      "Return the absolute value of a number.",
      "The argument abs takes may be an integer or a floating point number.",
      "Not currently used.",
    ]);
    // The page's own words are kept for the source a question quotes.
    expect(sentences[0]?.printed).toBe("Raised when an assert statement fails.");
    expect(sentences[5]?.printed).toBeUndefined();
    // A function's "Return …" is left as printed (named, it would read as code), and not asked.
    expect(rejectReason(sentences[5]!)).toBeDefined();
  });

  it("reads the rest of a description that leaves the entry unnamed under the entry's name (round 29: 'If strict is False, …' under os.path.realpath)", () => {
    const text = [
      "os.path.realpath(path, *, strict=False)",
      "Return the canonical path of the specified filename, eliminating any symbolic links encountered in the path.",
      "If strict is False, the path is resolved as far as possible and any remainder is appended without checking.",
      "On some platforms realpath resolves symbolic links before collapsing parent directory components.",
    ].join("\n");
    const reasons = pageSentences({ page: 1, text }).slice(1).map((s) => [s.text, rejectReason(s)]);
    expect(reasons).toEqual([
      ["In os.path.realpath(), if strict is False, the path is resolved as far as possible and any remainder is appended without checking.", undefined],
      ["On some platforms realpath resolves symbolic links before collapsing parent directory components.", undefined],
    ]);
  });
});

describe("a library reference's functions", () => {
  const reasons = (...lines: string[]) => pageSentences({ page: 1, text: lines.join("\n") }).map((s) => [s.text, rejectReason(s) ?? "ok"]);

  it("read each sentence of their description under their name (round 48: 'If duplicate keys exist, the first value wins' of no function)", () => {
    // As Underscore.js's page prints its entries: the name, then the call, over the description.
    expect(reasons("object _.object(list, [values])", "Converts arrays into objects. If duplicate keys exist, the last value wins.")).toEqual([
      // (Its first sentence says what it does, named for it; too short to ask.)
      ["_.object() converts arrays into objects.", "length"],
      ["In _.object(), if duplicate keys exist, the last value wins.", "ok"],
    ]);
    // Python's: a module's function with its parameters (and defaults); "the function" is pbkdf2_hmac's, named since.
    expect(
      reasons(
        "hashlib.pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None)",
        "The number of iterations should be chosen based on the hash algorithm and computing power.",
        "Slow Python implementation of pbkdf2_hmac is deprecated.",
      ),
    ).toEqual([
      ["In hashlib.pbkdf2_hmac(), the number of iterations should be chosen based on the hash algorithm and computing power.", "ok"],
      // (It names the function already.)
      ["Slow Python implementation of pbkdf2_hmac is deprecated.", expect.any(String)],
    ]);
    expect(reasons("textwrap.shorten(text, width, *, fix_sentence_endings=False, placeholder=' [...]')", "Lines containing only whitespace are ignored in the input and normalized to a single newline character.")[0]?.[0]).toBe(
      "In textwrap.shorten(), lines containing only whitespace are ignored in the input and normalized to a single newline character.",
    );
  });

  it("name a function's description for it, under its section's heading run onto its line (round 53: the math module gave no question)", () => {
    const sentences = pageSentences({ page: 1, text: ["Number-theoretic and representation functions math.ceil(x)", "Return the ceiling of x, the smallest integer greater than or equal to x."].join("\n") });
    expect(sentences.map((s) => [s.text, s.section, rejectReason(s) ?? "ok"])).toEqual([
      ["math.ceil() returns the ceiling of x, the smallest integer greater than or equal to x.", "Number-theoretic and representation functions", "ok"],
    ]);
    // Its parameters are no example's variables; another function's letters are.
    const choose = "Return the number of ways to choose k items from n items without repetition and without order.";
    expect(reasons("math.comb(n, k)", choose)).toEqual([["math.comb() returns the number of ways to choose k items from n items without repetition and without order.", "ok"]]);
    expect(reasons("math.fabs(x)", choose)[0]?.[1]).toBe("single letters");
    // Its first sentence only: the tagger reads "x." as an abbreviation and runs the next one on.
    expect(reasons("math.log2(x)", "Return the base-2 logarithm of x. This is usually more accurate than log(x, 2).")[0]?.[0]).toBe("math.log2() returns the base-2 logarithm of x.");
    // A method printed bare under its class is the class's; Node.js's and Underscore.js's verbs are already in their form.
    expect(reasons("class bz2.BZ2File(filename, mode='r', *, compresslevel=9)", "Open a bzip2-compressed file in binary mode.", "peek([n])", "Return buffered data without advancing the file position.").at(-1)).toEqual([
      "BZ2File.peek() returns buffered data without advancing the file position.",
      "ok",
    ]);
    expect(reasons("util.inspect(object[, options])", "Returns a string representation of object that is intended for debugging.")[0]?.[0]).toBe("util.inspect() returns a string representation of object that is intended for debugging.");
    expect(reasons("bz2.compress(data, compresslevel=9)", "Compress data, a bytes-like object.")[0]?.[0]).toBe("bz2.compress() compresses data, a bytes-like object.");
    // Another function named opening a sentence is not read as inside this one (round 54: "In fnmatch.fnmatch(), fnmatchcase() can be used …").
    expect(reasons("fnmatch.fnmatch(filename, pattern)", "Test whether the filename string matches the pattern string, returning True or False.", "fnmatchcase() can be used to perform a case-sensitive comparison, regardless of the operating system.").at(-1)?.[0]).toBe(
      "fnmatchcase() can be used to perform a case-sensitive comparison, regardless of the operating system.",
    );
    // A sentence naming a module is about that module, not read inside the entry before it (round 57: "In ndbm.close(), the dbm.dumb module …").
    expect(reasons("dbm.ndbm.close()", "Close the ndbm database.", "The dbm.dumb module provides a persistent dictionary-like interface which is written entirely in Python.").at(-1)?.[0]).toBe(
      "The dbm.dumb module provides a persistent dictionary-like interface which is written entirely in Python.",
    );
    // A function's description after an exception's, its entry's line lost, is no longer the exception's (round 57: dbm.gnu.open()).
    const lost = reasons("exception dbm.gnu.error", "Raised on dbm.gnu-specific errors, such as I/O errors.", "Open a gdbm database and return a gdbm object. The optional mode argument is the Unix mode of the file, used only when the database is created.");
    expect(lost.at(-1)?.[0]).toBe("The optional mode argument is the Unix mode of the file, used only when the database is created.");
    // (Round 54: binascii's second verb.)
    expect(reasons("binascii.a2b_uu(string)", "Convert a single line of uuencoded data back to binary and return the binary data.")[0]?.[0]).toBe(
      "binascii.a2b_uu() converts a single line of uuencoded data back to binary and returns the binary data.",
    );
  });

  it("are not calls in an example, and a description that leaves out its subject is not asked", () => {
    // A call passing values is code, not an entry: the prose below it is read as printed.
    expect(reasons("os.path.join(base, 'build')", "A relative path is resolved against the current working directory.")).toEqual([["A relative path is resolved against the current working directory.", "ok"]]);
    // Underscore.js's countBy run onto the example above it; its description opens with its verb, and is named for it.
    expect(reasons("\"60\": {name: 'curly', age: 60} } countBy _.countBy(list, iteratee, [context])", "Sorts a list into groups and returns a count for the number of objects in each group.").at(-1)).toEqual([
      "_.countBy() sorts a list into groups and returns a count for the number of objects in each group.",
      "ok",
    ]);
    // The same opening under no entry has no subject.
    expect(reasons("Sorts a list into groups and returns a count for the number of objects in each group.")[0]?.[1]).toBe("no subject or verb");
    // Node.js's util.format(): the example after the colon dropped as code, and the next paragraph run on (round 48).
    expect(reasons("If only one argument is passed to util.format(), it is returned as it is without any formatting: util.format() is a synchronous method that is intended as a debugging tool.")[0]?.[1]).toBe("two sentences");
    // Node.js's: a signature run onto its parameters' list; a property's name alone ends the entry before it.
    expect(
      reasons(
        "buffer.transcode(source, fromEnc, toEnc) source <Buffer> A Buffer instance.",
        "The transcoding process will use substitution characters if a byte sequence cannot be represented in the target encoding.",
        "buffer.kMaxLength",
        "The largest size allowed for a single Buffer instance is set by the platform.",
      ).map(([text]) => text),
    ).toEqual([
      "In buffer.transcode(), the transcoding process will use substitution characters if a byte sequence cannot be represented in the target encoding.",
      "The largest size allowed for a single Buffer instance is set by the platform.",
    ]);
    // A name ends a sentence ("UTF-8."), as a version cut at its dot does not ("since libpng-1.").
    expect(reasons("The default character encoding of every buffer is UTF-8.")).toEqual([["The default character encoding of every buffer is UTF-8.", "ok"]]);
    // Python's uuid page as printed: a function run onto the sentence before it, its description on the next line.
    expect(
      reasons(
        "Universally administered MAC addresses are preferred over locally administered ones. uuid.uuid1(node=None, clock_seq=None)",
        "Generate a UUID from a host ID, sequence number, and the current time. If node is not given, getnode() is used to obtain the hardware address.",
      ).map(([text]) => text),
    ).toContain("In uuid.uuid1(), if node is not given, getnode() is used to obtain the hardware address.");
    // An acronym used twice is no heading run in; a relative clause alone is no statement (round 49).
    expect(reasons("A safe UUID is one which is generated using synchronization methods that ensure no two processes can obtain the same UUID.")[0]?.[1]).toBe("ok");
    expect(reasons("The UUID variant, which determines the internal layout of the UUID.")[0]?.[1]).toBe("no subject or verb");
    // A sentence about the function's module is left as it is (shlex.quote(), round 49: "In shlex.quote(), the shlex module …").
    expect(reasons("shlex.quote(s)", "The shlex module is only designed for Unix shells and their quoting rules.").map(([text]) => text)).toEqual([
      "The shlex module is only designed for Unix shells and their quoting rules.",
    ]);
    // An exception's entry run in after a sentence, its description after it on the same line (configparser, round 50).
    expect(reasons("Subclass of InterpolationError. exception configparser.InterpolationSyntaxError Exception raised when the source text does not conform to the required syntax.").map(([text]) => text)).toEqual([
      "Subclass of InterpolationError.",
      "Exception raised when the source text does not conform to the required syntax.",
    ]);
    // An exception's entry run onto the sentence before it, its name in lower case (getopt, round 52): its description
    // named for it, its next sentence read under it; a definition of its own term stays as printed.
    expect(
      reasons(
        "Option processing stops as soon as a non-option argument is encountered. exception getopt.GetoptError",
        "This is raised when an unrecognized option is found in the argument list. The argument to the exception is a string indicating the cause of the error.",
        "class configparser.ExtendedInterpolation",
        "Mapping protocol access is a generic name for functionality that enables using custom objects as if they were dictionaries.",
      ).map(([text]) => text),
    ).toEqual([
      "Option processing stops as soon as a non-option argument is encountered.",
      "GetoptError is raised when an unrecognized option is found in the argument list.",
      "In getopt.GetoptError, the argument to the exception is a string indicating the cause of the error.",
      "Mapping protocol access is a generic name for functionality that enables using custom objects as if they were dictionaries.",
    ]);
    // hashlib's hexdigest(), described by another entry.
    expect(reasons("hash.hexdigest()", "Like digest() except the digest is returned as a string object of double length, containing only hexadecimal digits.")).toEqual([
      ["Like digest() except the digest is returned as a string object of double length, containing only hexadecimal digits.", "no subject or verb"],
    ]);
  });
});

describe("a glossary", () => {
  it("never asks a definition printed under its term without it (the Git manual's glossary: 'The action of updating …')", () => {
    // As pdftotext prints the Git User Manual's glossary: each term on a line of its own, its definition below.
    const text = [
      "Git explained",
      "bare repository",
      "A bare repository is normally an appropriately named directory with a suffix that holds no checked-out files.",
      "checkout",
      "The action of updating all or part of the working tree with a tree object or blob from the object",
      "database, and updating the index and HEAD if the whole working tree has been pointed at a new branch.",
      "commit graph",
      "A synonym for the DAG structure formed by the commits in the object database, referenced by branch tips.",
      "chain",
      "A list of objects, where each object in the list contains a reference to its successor in the history.",
      "alternate object database",
      "Via the alternates mechanism, a repository can inherit part of its object database from another one.",
    ].join("\n");
    const sentences = pageSentences({ page: 1, text });
    const reasons = new Map(sentences.map((s) => [s.glossaryTerm, rejectReason(s)]));
    expect([...reasons.keys()]).toEqual(["bare repository", "checkout", "commit graph", "chain", "alternate object database"]);
    expect(reasons.get("checkout")).toBe("glossary fragment");
    expect(reasons.get("commit graph")).toBe("glossary fragment");
    expect(reasons.get("chain")).toBe("glossary fragment");
    // Sentences that name their subject stand as they are.
    expect(reasons.get("bare repository")).toBeUndefined();
    expect(reasons.get("alternate object database")).toBeUndefined();
  });
});

describe("a section titled for the topic with a suffix", () => {
  it("is about it: 'Spreadsheet-like data' is a chapter on spreadsheets (R Data Import/Export gave no test on them)", () => {
    const pages: PageText[] = [
      { page: 1, text: "1 Introduction\nReading data into a statistical system for analysis is the subject of this manual." },
      { page: 2, text: "2 Spreadsheet-like data\nSometimes data files have no field delimiters but have fields in pre-specified columns.\nLines containing only white space and a comment are treated as blank lines." },
    ];
    const material = studyMaterial(pages.map((p) => ({ page: p.page, text: p.text })), pages, "spreadsheets", 100);
    expect(material.sectioned).toBe(true);
    expect(material.candidates.filter((c) => c.inSection).map((c) => c.sentence.page)).toEqual([2, 2]);
  });
});

describe("what a sentence is about", () => {
  const hits = (pages: PageText[], topic: string) => {
    const material = studyMaterial(pages.map((p) => ({ page: p.page, text: p.text })), pages, topic, 100);
    return new Map(material.candidates.map((c) => [c.sentence.text, { named: c.topicHit >= 1, inSection: c.inSection }]));
  };

  it("is not the numbers a student asks about where it counts things ('a number of', round 29)", () => {
    const pages: PageText[] = [
      { page: 1, text: "3.1.1 Numbers\nIntegers have type int and numbers with a fractional part have type float.\nDivision always returns a floating point number." },
      { page: 2, text: "3.1.3 Lists\nPython knows a number of compound data types, used to group together other values.\nThe total number of items in a list is given by the built-in function len." },
    ];
    const read = hits(pages, "numbers");
    expect(read.get("Integers have type int and numbers with a fractional part have type float.")?.named).toBe(true);
    expect(read.get("Python knows a number of compound data types, used to group together other values.")?.named).toBe(false);
    expect(read.get("The total number of items in a list is given by the built-in function len.")?.named).toBe(false);
  });

  it("is a library entry's description's entry, not the topic its section is titled for ('Encoders and Decoders', round 29)", () => {
    const text = [
      "19.2.2 Encoders and Decoders",
      "class json.JSONDecoder(strict=True)",
      "Simple JSON decoder that performs the default translations in decoding.",
      "If strict is false, control characters will be allowed inside strings.",
      "class json.JSONEncoder(skipkeys=False)",
      "Extensible JSON encoder for Python data structures.",
      "If skipkeys is false, a TypeError will be raised when trying to encode keys that are not strings.",
    ].join("\n");
    const read = hits([{ page: 1, text }], "decoders");
    // (Each read under its class's name: "In json.JSONDecoder, if strict is false, …".)
    expect(read.get("In json.JSONDecoder, if strict is false, control characters will be allowed inside strings.")?.inSection).toBe(true);
    expect(read.get("In json.JSONEncoder, if skipkeys is false, a TypeError will be raised when trying to encode keys that are not strings.")?.inSection).toBe(false);
    expect(hits([{ page: 1, text }], "encoders").get("In json.JSONEncoder, if skipkeys is false, a TypeError will be raised when trying to encode keys that are not strings.")?.inSection).toBe(true);
  });
});

describe("reference pages", () => {
  it("are bibliographies and title pages, not prose that names years (a chapter of R Data Import/Export was read as one)", () => {
    const prose = [
      "9 Reading Excel spreadsheets",
      "Most of the advice is for pre-Excel 2007 spreadsheets and not the later .xlsx format.",
      "Package readxl can read both Excel 97–2003 and Excel 2007/10 spreadsheets, using an included C library.",
      "Package XLConnect can read, write and manipulate both Excel 97–2003 and Excel 2007/10 spreadsheets, using Java.",
    ].join("\n");
    expect(isReferencePage(prose)).toBe(false);
    expect(pageSentences({ page: 1, text: prose }).length).toBeGreaterThan(0);
    const bibliography = [
      "Appendix A References",
      "R. A. Becker, J. M. Chambers and A. R. Wilks (1988) The New S Language. Wadsworth & Brooks/Cole.",
      "J. M. Chambers (1998) Programming with Data. A Guide to the S Language. Springer-Verlag.",
      "K. Kline and D. Kline (2001) SQL in a Nutshell. O’Reilly.",
      "Knuth, D. E. The Art of Computer Programming. Addison-Wesley, 1997.",
    ].join("\n");
    expect(isReferencePage(bibliography)).toBe(true);
    expect(isReferencePage("R Data Import/Export\nVersion 4.3.1 (2023-06-16)\nR Core Team\nCopyright © 2000–2023 R Core Team")).toBe(true);
  });
});

describe("boxes beside the text", () => {
  it("give their sentences the box's title, from the label to the next blank line or heading", () => {
    const text = [
      "13.4.1. Evolution",
      "COMMUNITY Popular packages",
      "Installing the popularity-contest package enables participation in an automated survey about the",
      "most popular packages. A script is run weekly by cron which sends the list by email.",
      "",
      "Evolution is the GNOME email client and can be installed with apt install evolution.",
      "TIP Searching mail",
      "Evolution indexes every folder for a fast search.",
      "13.4.2. KMail",
      "KMail is the KDE email client.",
    ].join("\n");
    expect(pageSentences({ page: 1, text }).map((s) => [s.text.slice(0, 30), s.aside])).toEqual([
      ["Installing the popularity-cont", "Popular packages"],
      ["A script is run weekly by cron", "Popular packages"],
      ["Evolution is the GNOME email c", undefined],
      ["Evolution indexes every folder", "Searching mail"],
      ["KMail is the KDE email client.", undefined],
    ]);
  });
});

describe("a box whose title does not name the topic", () => {
  it("is never asked about, however short the test (popularity-contest under Email)", async () => {
    // The Debian Administrator's Handbook, section 13.4 (GPL-2+ / CC BY-SA 3.0), as pdftotext prints it.
    const text = [
      "13.4. Email",
      "13.4.1. Evolution",
      "COMMUNITY Popular packages",
      "Installing the popularity-contest package enables participation in an automated survey that informs the Debian project about the",
      "most popular packages. A script is run weekly by cron which sends an anonymized list of the installed packages (by HTTP or",
      "email) and the latest access date for the files they contain. This allows the Debian maintainers to know which packages are most",
      "frequently installed, and of these, how frequently they are actually used.",
      "This information is a great help to the Debian project. It is used to determine which packages should go on the first installation",
      "disks. The installation data is also an important factor used to decide whether to remove a package with very few users from the",
      "distribution. We heartily recommend installing the popularity-contest package, and participating in the survey.",
      "",
      "Evolution is the GNOME email client and can be installed with apt install evolution. It is more than a simple",
      "email client: it also provides a calendar, an address book, a task list, and a memo (free-form note) application. Its email",
      "component includes a powerful message indexing system, and allows for the creation of virtual folders based on search",
      "queries on all archived messages.",
      "13.4.2. KMail",
      "The KDE email software can be installed with apt install kmail. KMail only handles email, but it belongs to a",
      "software suite called KDE-PIM (for Personal Information Manager) that includes features such as address books, a",
      "calendar component, and so on. KMail has all the features one would expect from an excellent email client.",
      "13.4.3. Thunderbird",
      "The thunderbird package provides the email client from the Mozilla software suite.",
    ].join("\n");
    const pages = [{ page: 1, text }];
    const provider = createBuiltinProvider();
    const items = await provider.generate({ topic: "email", difficulty: "Medium", count: 10, types: [...QUESTION_TYPES], passages: [{ page: 1, text }], document: { pageCount: 1, pages: () => Promise.resolve(pages) }, exclude: [], seed: 1 });
    const questions = items.map((item) => Question.parse(item));
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(q.explanation, q.question).not.toMatch(/popularity|survey|script is run|installation data/i);
  });
});

describe("section headings", () => {
  it("are numbered titles, not numbered steps, table of contents entries or sentences", () => {
    expect(sectionHeading("7.1.1 Recommended hash functions")).toMatchObject({ number: [7, 1, 1], title: "Recommended hash functions" });
    expect(sectionHeading("5.2 How can add-on packages be installed?")).toMatchObject({ number: [5, 2] });
    expect(sectionHeading("8.1. Configuring the System for Another Language")).toMatchObject({ number: [8, 1] });
    expect(sectionHeading("Chapter 3. Existing Setup and Migration")).toMatchObject({ number: [3] });
    // A chapter printed from the browser (the Python tutorial, round 23): titled, not a step.
    expect(sectionHeading("9. Classes")).toMatchObject({ number: [9], title: "Classes" });
    expect(sectionHeading("8. Errors and Exceptions")).toMatchObject({ number: [8], title: "Errors and Exceptions" });
    expect(sectionHeading("A.2 Installing on Windows")).toMatchObject({ number: [1, 2], appendix: true });
    for (const line of [
      "2. Start the R program with the command", // a numbered step
      "5.2 How can add-on packages be installed? . . . . . . . . 27", // a contents entry
      "6.1 Lists 35",
      "A Study of the Nature of Music", // a sentence
      "3 packages are installed by default", // lower case after the number
      "4.1 The value is returned to the caller.", // a sentence's end
    ]) {
      expect(sectionHeading(line), line).toBeUndefined();
    }
  });

  it("may be printed without numbers, as pages printed from a browser have them (round 16: the Python HOWTOs had no sections)", () => {
    const pages: PageText[] = [
      {
        page: 1,
        text:
          "1 Functional Programming HOWTO\nIterators\nAn iterator is an object representing a stream of data; this object returns the data one element at a time.\n" +
          "Data Types That Support Iterators\nLists, tuples and strings are sequences that support iteration over their elements.\n" +
          // A citation's author and year, and a short line over another short line, are no titles.
          "Gerou 1996\nEssential Dictionary of Music Notation, published by Alfred Publishing in Los Angeles.\nName Default\nlevel WARNING",
      },
      { page: 2, text: "Generators are a special class of functions that simplify the task of writing iterators.\n2 Logging\nLoggers expose the interface that application code directly uses in every module." },
    ];
    const sections = pageSentences(pages[0]!).map((s) => s.section);
    expect(sections).toEqual([
      "Functional Programming HOWTO / Iterators",
      "Functional Programming HOWTO / Data Types That Support Iterators",
      "Functional Programming HOWTO / Data Types That Support Iterators",
    ]);
    // Carried over to the next page; a numbered heading ends it.
    expect(titlesAt(pages, 2)).toEqual(["Functional Programming HOWTO", "Data Types That Support Iterators"]);
    expect(pageSentences(pages[1]!, sectionsAtPageStart(pages).get(2)).map((s) => s.section)).toEqual(["Functional Programming HOWTO / Data Types That Support Iterators", "Logging"]);
  });

  it("ends a section under a heading printed without a number with the page after its own (round 49: Node.js's 'File modes' held 60 pages)", () => {
    const prose = "The callback gets two arguments, and the first is an error or null when the call succeeded.";
    const pages = [
      { page: 1, text: `File modes\n${prose}` },
      { page: 2, text: prose },
      { page: 3, text: `${prose}\nfalse\n${prose}` },
      { page: 4, text: prose },
    ];
    expect(titlesAt(pages, 2)).toEqual(["File modes"]);
    expect(titlesAt(pages, 3)).toEqual([]);
    // A value on a line of its own ("false", "null") is no heading of a name.
    expect(titlesAt(pages, 4)).toEqual([]);
  });

  it("may be a name in lower case, or stand over prose a signature ran into (round 37: gitattributes' attributes, logging's 'LoggerAdapter Objects')", () => {
    // As gitattributes(5) prints its sections for attributes: each a sibling of "End-of-line conversion", not part of it.
    const attributes = pageSentences({
      page: 1,
      text: [
        "End-of-line conversion",
        "While Git normally leaves file contents alone, it can be configured to normalize line endings to LF in the repository.",
        "working-tree-encoding",
        "Git recognizes files encoded in ASCII or one of its supersets as text files, and other encodings as binary.",
        "filter",
        "A filter attribute can be set to a string value that names a filter driver specified in the configuration.",
      ].join("\n"),
    });
    expect(attributes.map((s) => s.section)).toEqual(["End-of-line conversion", "working-tree-encoding", "filter"]);
    const logging = pageSentences({
      page: 1,
      text: [
        "LogRecord attributes",
        "The LogRecord has a number of attributes, most of which are derived from the parameters to the constructor.",
        "LoggerAdapter Objects",
        "LoggerAdapter instances are used to conveniently pass contextual information into logging calls. class logging.LoggerAdapter(logger, extra)",
      ].join("\n"),
    });
    expect(logging.map((s) => s.section)).toEqual(["LogRecord attributes", "LoggerAdapter Objects"]);
    // A word ending a list over a wrapped line of prose is no heading.
    const wrapped = pageSentences({
      page: 1,
      text: "Data Types\nThe simplest structures in R are vectors, of which there are several kinds.\nLists are ordered collections of objects, and\nfactors\nwhich are described in the next chapter, are vectors used for classification.",
    });
    expect(new Set(wrapped.map((s) => s.section))).toEqual(new Set(["Data Types"]));
  });

  it("read a manual's section in capitals with a setting run into it (round 41: git-notes' configuration asked under 'merge strategies')", () => {
    const pages: PageText[] = [
      {
        page: 1,
        text: 'NOTES MERGE STRATEGIES\nThe default notes merge strategy is "manual", which checks out conflicting notes in a special work tree for resolving notes conflicts.\nCONFIGURATION core.notesRef\nNotes ref to read and manipulate instead of refs/notes/commits. Must be an unabbreviated ref name.',
      },
      { page: 2, text: "May be a glob, in which case notes in all matching refs will be copied." },
    ];
    expect(titlesAt(pages, 2)).toEqual(["CONFIGURATION"]);
  });

  it("carry over pages, and a line taken for a heading does not lead the rest astray", () => {
    const pages: PageText[] = [
      { page: 1, text: "1 Introduction\nR is a system for statistics.\n1.1 The environment\nThe environment is integrated." },
      // "2 Start …" is a wrapped numbered step that could be chapter 2; the next two headings put the reader right again.
      { page: 2, text: "2 Start the R program with the command\nR\n1.2 Related software\nSome text.\n1.3 Getting help\nHelp is built in." },
      { page: 3, text: "Text that goes on.\n2 Simple manipulations; numbers and vectors\n2.1 Vectors and assignment\nR operates on named data structures." },
      { page: 4, text: "The simplest such structure is the numeric vector." },
    ];
    expect(titlesAt(pages, 2)).toEqual(["Introduction", "The environment"]);
    expect(titlesAt(pages, 3)).toEqual(["Getting help"]);
    // A step too far ahead to be the next chapter is no heading at all.
    expect(titlesAt([{ page: 1, text: "1 Introduction\n1.1 The environment\n4 To quit the R program the command is\n1.2 Related software" }, { page: 2, text: "" }], 2)).toEqual(["Introduction", "Related software"]);
    expect(titlesAt(pages, 4)).toEqual(["Simple manipulations; numbers and vectors", "Vectors and assignment"]);
    const sentences = pageSentences(pages[2]!, sectionsAtPageStart(pages).get(3));
    expect(sentences.map((s) => [s.text, s.section])).toEqual([
      ["Text that goes on.", "Getting help"],
      ["R operates on named data structures.", "Simple manipulations; numbers and vectors / Vectors and assignment"],
    ]);
  });
});

describe("a test on a topic the document gives sections to", () => {
  const pages = loadFixture("r-intro");
  const provider = createBuiltinProvider();

  it("asks first about sentences in those sections, or sentences that open with the topic", async () => {
    const topic = "vectors";
    // Fewer than those sentences give: the others (that name vectors in passing, or stand on a page about them) come after.
    const items = await provider.generate({ topic, difficulty: "Medium", count: 3, types: [...QUESTION_TYPES], passages: passagesFor(pages, topic), document: { pageCount: pages.length, pages: () => Promise.resolve(pages) }, exclude: [], seed: 1 });
    const questions = items.map((item) => Question.parse(item));
    expect(questions).toHaveLength(3);
    const starts = sectionsAtPageStart(pages);
    for (const q of questions) {
      const quoted = /From page (\d+): "(.*)"$/s.exec(q.explanation);
      const page = pages.find((p) => p.page === Number(quoted?.[1]))!;
      const sentence = pageSentences(page, starts.get(page.page)).find((s) => s.text === quoted?.[2]);
      // Chapter 2, "Simple manipulations; numbers and vectors", and the like, or a sentence opening with
      // vectors; not "A factor is a vector object …" in the chapter on factors.
      expect(/vector/i.test(sentence?.section ?? "") || /^(?:An? |The |Any )?(?:\w+ )?vectors?\b/i.test(sentence?.text ?? ""), `${q.question} (${sentence?.section})`).toBe(true);
    }
  });
});

describe("a library module's overview", () => {
  // As StudyForge stores the first page of a module in Python's library reference.
  const page = (text: string): PageText => ({ page: 1, text: `bisect — Array bisection algorithm\nSource code: Lib/bisect.py\n${text}` });
  const overview = "This module provides support for maintaining a list in sorted order without having to sort the list after each insertion.";

  it("reads 'This module …' with the module's name from the page's title (round 39: bisect gave no test)", () => {
    const [sentence] = pageSentences(page(overview));
    expect(sentence?.text).toBe("The bisect module provides support for maintaining a list in sorted order without having to sort the list after each insertion.");
    expect(sentence?.printed).toBe(overview);
    expect(sentence && rejectReason(sentence)).toBeUndefined();
    // Without the title over the source's path, "This module" names nothing and is refused.
    const [bare] = pageSentences({ page: 1, text: overview });
    expect(bare && rejectReason(bare)).toBe("anaphoric start");
  });

  it("never blanks the name it wrote in ('The bisect _____ provides …')", () => {
    const text = "The bisect module provides support for maintaining a list in sorted order without having to sort the list after each insertion.";
    const sentences = [...pageSentences(page(overview)), ...pageSentences({ page: 2, text }), ...pageSentences({ page: 3, text })];
    const vocabulary = new Vocabulary();
    for (const sentence of sentences) vocabulary.add(sentence, nounPhrases(sentence.text, sentence.tokens));
    const ctx = { vocabulary, difficulty: "Easy" as const, random: createRandom(1), topicKey: "sorted order", minUses: 1, minPages: 1, defined: new Set(["module"]) };
    const [named, printed] = sentences.map((sentence) => blankable(factOf(sentence), ctx).map((phrase) => phrase.text));
    // Where the page prints the name, the module may be asked for; where the generator wrote it, never.
    expect(printed?.some((phrase) => /module/.test(phrase))).toBe(true);
    expect(named?.some((phrase) => /bisect|module/.test(phrase))).toBe(false);
  });
});

describe("a question on a module named from its title", () => {
  it("asks which module, and takes its name for the answer ('zipfile', or 'zipfile module')", async () => {
    const pages: PageText[] = [
      {
        page: 1,
        text: "zipfile — Work with ZIP archives\nSource code: Lib/zipfile.py\nThe ZIP file format is a common archive and compression standard. This module provides tools to create, read, write, append, and list a ZIP file.",
      },
      { page: 2, text: "ZipFile Objects\nA ZIP file is opened in read mode by default, and the ZipFile class reads its central directory at once." },
    ];
    const provider = createBuiltinProvider();
    const items = await provider.generate({
      topic: "ZIP files",
      difficulty: "Easy",
      count: 5,
      types: ["short_answer"],
      passages: pages,
      document: { pageCount: pages.length, pages: () => Promise.resolve(pages) },
      exclude: [],
      seed: 1,
    });
    const asked = items.map((item) => Question.parse(item)).find((q) => q.question.startsWith("Which module"));
    expect(asked).toMatchObject({ question: "Which module provides tools to create, read, write, append, and list a ZIP file?", answer: "zipfile", accepted_answers: ["zipfile module"] });
    // The quoted source is the sentence as printed.
    expect(asked?.source).toBe("This module provides tools to create, read, write, append, and list a ZIP file.");
  });
});

describe("a FAQ's numbered questions", () => {
  it("are headings, not statements, run together on one line or alone with their question (round 40: Valgrind's FAQ)", () => {
    const text = [
      "3. Valgrind aborts unexpectedly",
      "3.1. Programs run OK on Valgrind, but at exit produce a bunch of errors involving __libc_freeres and then die with a segmentation fault. 3.2. My (buggy) program dies like this:",
      "4.2. The stack traces given by Memcheck (or another tool) aren't helpful. How can I improve them?",
      "Valgrind reads the debugging information of the program to give the names of the functions in a stack trace.",
    ].join("\n");
    expect(pageSentences({ page: 1, text }).map((s) => s.text)).toEqual([
      "Valgrind reads the debugging information of the program to give the names of the functions in a stack trace.",
    ]);
  });
});
