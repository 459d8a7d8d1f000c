/**
 * Cleaning page text before it is stored (src/materials/clean), on the page texts of two published
 * manuals (tests/fixtures/text): what a student's questions must never be made of goes, prose stays,
 * and every page keeps its number.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHARS_PER_TURN, cleanPages, cleanPagesInTurns, newStats } from "../../src/materials/clean/index.ts";
import { tidySpacing } from "../../src/materials/clean/lines.ts";
import { isEntrySignature } from "../../src/materials/clean/signatures.ts";

type Page = { page: number; text: string };
const fixture = (name: string): Page[] => JSON.parse(readFileSync(new URL(`../fixtures/text/${name}.json`, import.meta.url), "utf8")) as Page[];

const rIntro = fixture("r-intro");
const essay = fixture("lilypond-essay");
const rIntroClean = cleanPages(rIntro);
const essayClean = cleanPages(essay);
const cleanText = (pages: Page[], page: number) => pages.find((p) => p.page === page)?.text ?? "";
const linesOf = (pages: Page[]) => pages.flatMap((p) => p.text.split("\n").map((line) => ({ page: p.page, line })));

describe("pages keep their numbers", () => {
  it("returns every page, in order, with its own number, without changing its input", () => {
    const copy = structuredClone(rIntro);
    const cleaned = cleanPages(copy);
    expect(cleaned.map((p) => p.page)).toEqual(rIntro.map((p) => p.page));
    expect(copy).toEqual(rIntro);
    expect(cleanPages(rIntro)).toEqual(cleaned); // the same text cleans the same way every time
  });

  it("cleans the same when it lets other work run between its steps, as the server does", async () => {
    expect(await cleanPagesInTurns(essay)).toEqual(essayClean);
  });

  it("lets other work run at least once per slice of characters of each page-by-page pass, however few the pages", async () => {
    // 40 pages of 50,000 characters: a turn every 200 pages would be one turn per pass for 2 MB of text.
    const pages = Array.from({ length: 40 }, (_, p) => ({
      page: p + 1,
      text: Array.from({ length: 1_000 }, (_, i) => `Sentence ${i} of page ${p + 1} is about the cells of the leaf.`).join("\n").slice(0, 50_000),
    }));
    const chars = pages.reduce((sum, p) => sum + p.text.length, 0);
    let turns = 0;
    let cleaning = true;
    const otherWork = () => {
      if (!cleaning) return;
      turns++;
      setImmediate(otherWork);
    };
    setImmediate(otherWork);
    const cleaned = await cleanPagesInTurns(pages);
    cleaning = false;
    expect(cleaned).toEqual(cleanPages(pages));
    // Splitting lines, three page-by-page steps, broken-word readings, vocabulary and the paragraph join.
    expect(turns).toBeGreaterThanOrEqual(7 * Math.floor(chars / CHARS_PER_TURN));
  });

  it("keeps each sentence on the page it was printed on", () => {
    expect(cleanText(rIntroClean, 21)).toContain("An “empty” object may still have a mode.");
    expect(cleanText(rIntroClean, 22)).not.toContain("An “empty” object may still have a mode.");
  });
});

describe("running heads and page numbers", () => {
  it("drops the R manual's running heads ('Chapter 3: Objects, their modes and attributes') from every page", () => {
    const heads = rIntro.flatMap((p) => p.text.split("\n").filter((line) => /^Chapter \d+: [^.]+$/.test(line)));
    expect(heads.length).toBeGreaterThan(30); // the fixture has them: the test would pass on nothing otherwise
    expect(linesOf(rIntroClean).filter(({ line }) => /^Chapter \d+: /.test(line))).toEqual([]);
    expect(linesOf(essayClean).filter(({ line }) => /^Chapter \d+: /.test(line))).toEqual([]);
  });

  it("drops the printed page numbers: no line is a bare number", () => {
    expect(rIntro[20]?.text).toMatch(/^Chapter 3: Objects, their modes and attributes\n\n15\n/);
    expect(cleanText(rIntroClean, 21).startsWith("Now d and z are the same.")).toBe(true);
    for (const pages of [rIntroClean, essayClean]) {
      expect(linesOf(pages).filter(({ line }) => /^\s*(?:\d+|[ivx]+)\s*$/.test(line))).toEqual([]);
    }
  });

  it("drops page numbers written 'n / N' and 'Page n of N', and a document title repeated at the top of every page", () => {
    const body = essay.slice(3, 9);
    const paged = body.map((p, i) => ({ page: p.page, text: `Essay on automated music engraving\n${p.text}\n${i % 2 ? `${i + 4} / 40` : `Page ${i + 4} of 40`}` }));
    const cleaned = cleanPages(paged);
    for (const { line } of linesOf(cleaned)) {
      expect(line).not.toMatch(/^(?:\d+ \/ 40|Page \d+ of 40)$/);
      expect(line).not.toBe("Essay on automated music engraving");
    }
    expect(cleaned.map((p) => p.text)).toEqual(cleanPages(body).map((p) => p.text));
  });

  it("cuts a running head the extractor merged into a page's first paragraph, and a foot merged into its last", () => {
    // The R manual's pages without their running heads, then with heads and feet set close to the text, as
    // pdf.js gives them: in one paragraph with the text ("Auto Multiple Choice 75 / 92 Terms …").
    const plain = rIntro.slice(10, 16).map((p) => ({ page: p.page, text: p.text.replace(/^Chapter .*\n\n\d+\n\n/, "") }));
    const merged = plain.map((p, i) => {
      const lines = p.text.split("\n");
      lines[0] = `An Introduction to R ${i + 5} / 113 ${lines[0]}`;
      lines[lines.length - 1] = `${lines.at(-1)} Version 4.2.2 Patched ${i + 5}`;
      return { page: p.page, text: lines.join("\n") };
    });
    expect(cleanPages(merged)).toEqual(cleanPages(plain));
    expect(cleanPages(merged)[0]?.text).toMatch(/^Try \?help\.search for details and more examples\./);
  });

  it("keeps chapter titles that start consecutive pages, though their numbers follow the pages", () => {
    // R Internals: chapters 10, 11 and 12 start on printed pages 67, 68 and 69 (PDF pages 73-75).
    const pages = ["10 Testing R code", "11 Use of TeX dialects", "12 Current and future directions"].map((title, i) => ({
      page: 73 + i,
      text: `${67 + i}\n\n${title}\n\n${rIntro[12 + i]?.text.split("\n").slice(5).join("\n")}`,
    }));
    expect(cleanPages(pages).map((p) => p.text.split("\n")[0])).toEqual(["10 Testing R code", "11 Use of TeX dialects", "12 Current and future directions"]);
  });

  it("keeps a numbered heading that happens to match its page's printed number", () => {
    // Printed page 1 of the R manual starts with its bare number and then the heading "1 Introduction …".
    const page = [{ page: 7, text: "1\n\n1 Introduction and preliminaries\n\n1.1 The R environment\nR is an integrated suite of software facilities." }];
    const pages = [...rIntro.slice(7, 12), ...page].sort((a, b) => a.page - b.page);
    expect(cleanText(cleanPages(pages), 7).split("\n")[0]).toBe("1 Introduction and preliminaries");
  });
});

describe("contents and index pages", () => {
  it("empties the R manual's table of contents (pages 3-6) and keeps its copyright page and its preface", () => {
    for (const page of [3, 4, 5, 6]) expect(cleanText(rIntroClean, page)).toBe("");
    expect(cleanText(rIntroClean, 2)).toContain("Permission is granted to make and distribute verbatim copies of this manual");
    expect(cleanText(rIntroClean, 7)).toContain("This introduction to R is derived from an original set of notes");
  });

  it("empties the essay's contents page and its back-of-book index (dot leaders to page numbers)", () => {
    expect(essay[1]?.text).toContain("Literature list . . . .");
    expect(essay[39]?.text).toContain("LilyPond index");
    expect(cleanText(essayClean, 2)).toBe("");
    expect(cleanText(essayClean, 40)).toBe("");
  });

  it("drops index pages of 'term, 12, 45' entries", () => {
    const index = "INDEX\nvector, 12, 45 vector arithmetic, 9 vectors: character, 11, 14 vectors: logical, 10 which, 21, 22 while, 44 working directory, 3, 5 workspace, 6, 7, 12";
    const pages = [...rIntro.slice(10, 14), { page: 51, text: index }];
    expect(cleanText(cleanPages(pages), 51)).toBe("");
    // Prose with numbers after commas is no index: "For example 1:30 is the vector c(1, 2, ..., 29, 30)."
    expect(cleanText(rIntroClean, 15)).toContain("R has a number of facilities for generating commonly used sequences of numbers.");
  });
});

describe("code listings and option tables", () => {
  it("drops an R listing and keeps the prose around it", () => {
    expect(rIntro[20]?.text).toContain("\n> e <- numeric()\n");
    const page = cleanText(rIntroClean, 21);
    expect(page).not.toContain("e <- numeric()");
    expect(page).not.toContain("alpha <- alpha[2 * 1:5]");
    expect(page).toContain("An “empty” object may still have a mode. For example");
    expect(page).toContain("makes e an empty vector structure of mode numeric.");
    expect(page).toContain("The function attr(object, name) can be used to select a specific attribute.");
    const listings = linesOf(rIntroClean).filter(({ line }) => /^> \S/.test(line) || /<- /.test(line.slice(0, 20)));
    expect(listings).toEqual([]);
  });

  it("keeps headings and prose that name functions", () => {
    expect(cleanText(rIntroClean, 21)).toContain("(see Section 7.2 [The scan() function], page 34.)");
    expect(linesOf(rIntroClean).map(({ line }) => line)).toContain("5.8 Forming partitioned matrices, cbind() and rbind()");
  });

  it("keeps a library entry's signature, whatever its brackets and defaults, on a line of its own (round 57: dbm.gnu.open() was dropped)", () => {
    const text = [
      "exception dbm.gnu.error",
      "Raised on dbm.gnu-specific errors, such as I/O errors.",
      "dbm.gnu.open(filename[, flag[, mode]])",
      "Open a gdbm database and return a gdbm object.",
      "class shelve.Shelf(dict, protocol=None, writeback=False, keyencoding='utf-8')",
      "A subclass of collections.abc.MutableMapping which stores pickled values in the dict object.",
      "rl.resume()",
      "rl.setPrompt(prompt)",
      "rl.write(data[, key])",
      "console.log([data][, ...args])",
      "The rl.write() method will write either data or a key sequence to the output.",
    ].join("\n");
    const [page] = cleanPages([{ page: 1, text }]);
    const lines = page?.text.split("\n") ?? [];
    for (const signature of ["dbm.gnu.open(filename[, flag[, mode]])", "class shelve.Shelf(dict, protocol=None, writeback=False, keyencoding='utf-8')", "rl.resume()", "rl.setPrompt(prompt)", "rl.write(data[, key])", "console.log([data][, ...args])"]) {
      expect(lines).toContain(signature);
    }
    expect(lines).toContain("Open a gdbm database and return a gdbm object.");
    // A call passing values is no entry's signature (whether a listing's line or prose is for the other rules to say).
    expect(isEntrySignature("os.path.join(base, 'build')")).toBe(false);
    expect(isEntrySignature("dbm.open(file, flag='r', mode=0o666)")).toBe(true);
  });

  it("drops C++ code and a table of command-line options", () => {
    const code = [
      "The scope resolution operator can be used in situations where a global variable exists having the same name as a local variable:",
      "#include <stdio.h>",
      "double counter = 50; // global variable",
      "int main()",
      "{",
      "for (int counter = 1; // this refers to the",
      "counter != 10; // local variable",
      "++counter)",
      'printf("%d\\n", ::counter / counter);',
      "}",
      "In the above program the scope operator is used to address a global variable instead of the local variable having the same name.",
    ].join("\n");
    const options = [
      "Command-line options",
      "--version Print version information to standard output and exit successfully.",
      "--encoding=enc Specify the encoding to be assumed for input from the console or stdin.",
      "--no-save Do not save the workspace at the end of the session.",
      "",
      "R accepts the following command-line options.",
    ].join("\n");
    const cleaned = cleanPages([
      { page: 1, text: code },
      { page: 2, text: options },
    ]);
    expect(cleaned[0]?.text.split("\n")).toEqual([
      "The scope resolution operator can be used in situations where a global variable exists having the same name as a local variable:",
      "In the above program the scope operator is used to address a global variable instead of the local variable having the same name.",
    ]);
    expect(cleaned[1]?.text.split("\n")).toEqual(["Command-line options", "R accepts the following command-line options."]);
  });

  it("keeps the prose between and after command-line flags (R Installation and Administration, A.2.1 and C.3)", () => {
    const tcltk = [
      "To specify the locations of the Tcl/Tk files you may need the configuration options",
      "--with-tcltk",
      "use Tcl/Tk, or specify its library directory",
      "--with-tcl-config=TCL_CONFIG",
      "specify location of tclConfig.sh",
      "--with-tk-config=TK_CONFIG",
      "specify location of tkConfig.sh",
      "or use the configure variables TCLTK_LIBS and TCLTK_CPPFLAGS to specify the flags needed for linking against the Tcl and Tk libraries and for finding the tcl.h and tk.h headers,",
    ].join("\n");
    const flags = [
      "-mfpmath=sse -msse2",
      "to force floating-point to use the same instructions as ‘x86_64’ builds and hence not make use of 80-bit ‘extended precision’ intermediate results.",
      "To build a 64-bit version of R on ‘ppc64’ (also known as ‘powerpc64’) with gcc 4.1.1, Ei-ji Nakama used",
      'CC="gcc -m64" CXX="gxx -m64" FC="gfortran -m64"',
      "the additional flags being needed to resolve problems linking against libnmath.a and when linking R as a shared library.",
      "-msse2 -mfpmath=sse",
      "are added: earlier versions of R added -ffloat-store and this might still be needed if a ‘ix86’ CPU is encountered without SSE2 support.",
    ].join("\n");
    const [first, second] = cleanPages([
      { page: 1, text: tcltk },
      { page: 2, text: flags },
    ]).map((p) => p.text.split("\n"));
    expect(first).toEqual([
      "To specify the locations of the Tcl/Tk files you may need the configuration options",
      "or use the configure variables TCLTK_LIBS and TCLTK_CPPFLAGS to specify the flags needed for linking against the Tcl and Tk libraries and for finding the tcl.h and tk.h headers,",
    ]);
    expect(second).toEqual([
      "to force floating-point to use the same instructions as ‘x86_64’ builds and hence not make use of 80-bit ‘extended precision’ intermediate results.",
      "To build a 64-bit version of R on ‘ppc64’ (also known as ‘powerpc64’) with gcc 4.1.1, Ei-ji Nakama used",
      "the additional flags being needed to resolve problems linking against libnmath.a and when linking R as a shared library.",
      "are added: earlier versions of R added -ffloat-store and this might still be needed if a ‘ix86’ CPU is encountered without SSE2 support.",
    ]);
  });

  it("drops music glyphs extracted as letter salad and keeps the essay's prose", () => {
    expect(essay[8]?.text).toMatch(/\nku\nk\nk\nk\n/);
    const page = cleanText(essayClean, 9);
    expect(page.split("\n").filter((line) => /^(?:\S{1,2} )+\S{1,2}$/.test(line))).toEqual([]);
    expect(page).toContain("Why work so hard?");
    expect(page).toContain("Musicians are usually more absorbed with performing than with studying the looks of a piece of music");
  });
});

describe("broken words and lines", () => {
  it("joins a word hyphenated at a line end and keeps a real compound's hyphen", () => {
    const text = [
      "Words are broken at the end of a line by hyphen-",
      "ation, which the extractor keeps. This is a well-",
      "known problem with a data-",
      "base of text, and the database must not keep it. Hewlett-",
      "Packard keeps its capital, and a self-",
      "contained page its hyphen.",
    ].join("\n");
    expect(cleanPages([{ page: 1, text }])[0]?.text).toBe(
      "Words are broken at the end of a line by hyphenation, which the extractor keeps. This is a well-known problem with a " +
        "database of text, and the database must not keep it. Hewlett-Packard keeps its capital, and a self-contained page its hyphen.",
    );
  });

  it("joins the R manual's wrapped lines into paragraphs and keeps headings and list items apart", () => {
    const page = cleanText(rIntroClean, 10).split("\n");
    expect(page[0]).toBe(
      "At this point you will be asked whether you want to save the data from your R session. On some systems this will bring up a " +
        "dialog box, and on others you will receive a text prompt to which you can respond yes, no or cancel (a single letter " +
        "abbreviation will do) to save the data before quitting, quit without saving, or return to the R session. Data which is saved " +
        "will be available in future R sessions.",
    );
    expect(page).toContain("1.6 An introductory session");
    expect(page).toContain("1. Make work the working directory and start the program as before:");
  });

  it("keeps a section heading or a sidebar's title apart from text under it that starts in lower case (Debian Handbook)", () => {
    const page = (lines: string[]) => cleanText(cleanPages([{ page: 1, text: lines.join("\n") }]), 1).split("\n");
    expect(page(["9.7. Scheduling Tasks with cron and atd", "cron is the daemon responsible for executing scheduled and recurring commands."])).toEqual([
      "9.7. Scheduling Tasks with cron and atd",
      "cron is the daemon responsible for executing scheduled and recurring commands.",
    ]);
    expect(page(["TIP Text shortcuts for cron", "cron recognizes some abbreviations which replace the first five fields in a crontab entry."])).toEqual([
      "TIP Text shortcuts for cron",
      "cron recognizes some abbreviations which replace the first five fields in a crontab entry.",
    ]);
    // Round 17 (Git's tutorial printed from a browser): a short capitalised line after a sentence's end is a
    // heading, never the wrapped paragraph's next line ("… the rest of the Git documentation. The Git object database").
    const wrapped = [
      "You should work through the first part of the tutorial before reading this tutorial. The goal of this",
      "tutorial is to introduce two fundamental pieces of the architecture of Git, the object database and the",
      "index file, and to provide the reader with everything necessary to understand the rest of the documentation.",
      "The Git object database",
      "Every object in the object database is named by the hash of its contents, and objects never change.",
      "A commit refers to a tree, the tree to blobs and other trees, and a branch to the commit at its head in",
      "the history of the project, which the object database keeps for as long as the repository exists.",
    ];
    expect(page(wrapped)).toEqual([
      `${wrapped.slice(0, 3).join(" ")}`,
      "The Git object database",
      `${wrapped.slice(4).join(" ")}`,
    ]);
    // A sentence that goes on to the next line still joins it.
    expect(page(["The daemon reads the crontab of every user", "and runs the commands at their times."])).toEqual(["The daemon reads the crontab of every user and runs the commands at their times."]);
  });

  it("closes the space a browser's print leaves after inline code ('named eventName .', 'All EventEmitter s emit …', round 33: Node.js's API pages)", () => {
    const text = [
      "Adds a one-time listener function for the event named eventName .",
      "Unlike EventEmitter , any given listener can be registered at most once per event type .",
      "All EventEmitter s emit the event 'newListener' when new listeners are added.",
      "Let s be the string read, and the data . . . the rest of it.",
    ].join("\n\n");
    expect(cleanPages([{ page: 1, text }])[0]?.text.split("\n")).toEqual([
      "Adds a one-time listener function for the event named eventName.",
      "Unlike EventEmitter, any given listener can be registered at most once per event type.",
      "All EventEmitters emit the event 'newListener' when new listeners are added.",
      // "Let s" is no boxed plural, and an ellipsis keeps its spaces.
      "Let s be the string read, and the data . . . the rest of it.",
    ]);
  });

  it("never drops a line of the manuals' prose", () => {
    // Prose: several words, a good share of them English function words, none of code's operators.
    const FUNCTION_WORDS = new Set("the of and to a in is that for it as with be by on not this are or from at which an can".split(" "));
    const looksLikeProse = (line: string) => {
      const words = line.split(" ");
      const share = words.filter((w) => FUNCTION_WORDS.has(w.toLowerCase())).length / words.length;
      return words.length >= 6 && share >= 0.2 && !/<-|[{};=$]|^[>#] |\[\d+\]/.test(line); // "# Generate a 4 by 5 array." is a listing's
    };
    for (const [original, cleaned] of [
      [rIntro, rIntroClean],
      [essay, essayClean],
    ] as const) {
      let checked = 0;
      const lost: { page: number; line: string }[] = [];
      for (const { page, text } of original) {
        const kept = cleanText(cleaned, page).replaceAll("\n", " ");
        if (kept === "") continue; // contents and index pages go whole
        for (const line of text.split("\n").filter(looksLikeProse)) {
          checked++;
          // (Spaces before punctuation go: "lost 2 . So now" is kept as "lost 2. So now".)
          if (!kept.includes(tidySpacing(line.replace(/\s+/g, " ").trim()))) lost.push({ page, line });
        }
      }
      expect(lost).toEqual([]);
      expect(checked).toBeGreaterThan(500);
    }
  });
});

describe("what cleaning reports", () => {
  it("counts what each step dropped", () => {
    const stats = newStats();
    cleanPages(rIntro, stats);
    expect(stats.pages).toBe(50);
    expect(stats.emptiedPages).toEqual([3, 4, 5, 6]);
    expect(Object.keys(stats.dropped).sort()).toEqual([
      "code listings and option tables",
      "contents and index pages",
      "glyph runs",
      "running heads and page numbers",
    ]);
    for (const { lines, chars } of Object.values(stats.dropped)) expect(lines > 0 && chars > lines).toBe(true);
  });
});

// Text from an uploaded file is anyone's: a line built to make a pattern backtrack must clean in linear
// time. Each input here took the old patterns minutes or more; the test's timeout is what fails.
describe("hostile text", () => {
  const HOSTILE_TIMEOUT = 20_000;

  it("decides on a line of options run together ('-a-a-a…!') without backtracking", { timeout: HOSTILE_TIMEOUT }, () => {
    const flags = `${"-a".repeat(40)}!`;
    const text = ["A sentence of prose that says what the flags below are for, and why.", flags, "-msse2 -mfpmath=sse"].join("\n");
    const [page] = cleanPages([{ page: 1, text }]);
    expect(page?.text).toContain("A sentence of prose");
    expect(page?.text).not.toContain("-mfpmath=sse"); // a command line's flags still go
  });

  it("looks for calls ('f(x)') in long lines without spaces in linear time", { timeout: HOSTILE_TIMEOUT }, () => {
    const prose = ["Cells divide by mitosis.", "Leaves make sugar from light.", "Rivers carry silt to the sea.", "Stars burn hydrogen."];
    const pages = prose.map((sentence, i) => ({ page: i + 1, text: `${sentence}\n${"f(".repeat(100_000)}` }));
    const cleaned = cleanPages(pages);
    expect(cleaned.map((p) => p.text.split("\n")[0])).toEqual(prose);
  });

  it("joins a paragraph of many words broken at line ends in linear time", { timeout: HOSTILE_TIMEOUT }, () => {
    const text = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? "ple-" : "exam-")).join("\n") + "\nend.";
    const [page] = cleanPages([{ page: 1, text }]);
    expect(page?.text.startsWith("example")).toBe(true);
    expect(page?.text.endsWith("end.")).toBe(true);
    expect(page?.text.split("\n")).toHaveLength(1);
  });
});
