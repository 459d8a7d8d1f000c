/**
 * The question-quality benchmark's checks (bench/quality/checks.ts) on hand-made items: each good item a
 * teacher would accept passes, and each fault teachers rejected built-in items for (issue 12) is caught.
 */
import { describe, expect, it } from "vitest";
import {
  answerNotInStem,
  answerNotTopic,
  answerOnCitedPage,
  answerPositionSpread,
  checkOne,
  completeStem,
  copiedFromPage,
  distractorsDistinct,
  distractorsSameKind,
  falseStatementSameKind,
  noDebris,
  noDocumentReference,
  noRepeatedSentence,
  notAnInstruction,
  selfContainedStem,
  stemForm,
  topicRelevance,
  trueFalseBalance,
  type CheckInput,
  type ItemUnderTest,
} from "../../bench/quality/checks.ts";

const PAGE =
  "Packages provide a mechanism for loading optional code, data and documentation as needed. " +
  "The Comprehensive R Archive Network (CRAN) is a collection of sites which carry identical material. " +
  "A factor is a vector object used to specify a discrete classification of the components of other vectors of the same length. " +
  "Function length() gives the number of elements of a vector.";

const mc = (question: string, options: string[], answer: string): ItemUnderTest => ({ question, type: "multiple_choice", options, answer, source_pages: [3] });
const tf = (question: string, answer: "True" | "False"): ItemUnderTest => ({ question, type: "true_false", options: ["True", "False"], answer, source_pages: [3] });
const sa = (question: string, answer: string): ItemUnderTest => ({ question, type: "short_answer", options: [], answer, source_pages: [3] });
const input = (item: ItemUnderTest, topic = "vectors", citedText = PAGE): CheckInput => ({ item, topic, citedText });

const GOOD_MC = mc("What is used to specify a discrete classification of the components of other vectors?", ["A factor", "A matrix", "A data frame", "A list"], "A factor");
const GOOD_TF = tf("A factor is a vector object used to specify a discrete classification.", "True");
const GOOD_SA = sa("Which function gives the number of elements of a vector?", "length()");

const failed = (v: ReturnType<typeof completeStem>) => v?.pass === false;

describe("quality checks on items a teacher would accept", () => {
  it("pass every item check", () => {
    for (const item of [GOOD_MC, GOOD_TF, GOOD_SA]) {
      const fails = checkOne(input(item)).filter(([, v]) => !v.pass);
      expect(fails, item.question).toEqual([]);
    }
  });
});

describe("complete stem", () => {
  it("accepts a question, a statement and a sentence ending in the blank", () => {
    expect(completeStem(input(sa("Complete the sentence: The number of elements of a vector is given by _____", "length()")))).toEqual({ pass: true });
  });
  it("refuses a stem cut at the start, in lower case, unfinished, with open brackets or without a verb", () => {
    expect(failed(completeStem(input(tf("and the number of elements is given by length().", "True"))))).toBe(true);
    expect(failed(completeStem(input(tf("But the sites carry identical material.", "True"))))).toBe(true);
    expect(failed(completeStem(input(tf("Complete the sentence: -called “backports” of the current R packages are provided by _____.", "True"))))).toBe(true);
    expect(failed(completeStem(input(tf("A factor is a vector object used to specify", "True"))))).toBe(true);
    expect(failed(completeStem(input(tf("A factor (a vector object is used to classify.", "True"))))).toBe(true);
    expect(failed(completeStem(input(tf("True or false: A moderated list for announcements on the availability of new packages.", "False"))))).toBe(true);
  });
});

describe("no debris", () => {
  it("catches page numbers, placeholders, code, addresses, file names and dot leaders", () => {
    const bad = [
      "Auto Multiple Choice 75 / 92 The options are listed in a table.",
      "The default name of the project is XXX when none is given.",
      "The function foo returns its argument unchanged.",
      "Assign a value with x <- c(1, 2) at the prompt.",
      "An up-to-date version is at https://stat.ethz.ch/R-manual/ for browsing.",
      "The add-on packages come as gzipped tar files named pkg_ version.tar.gz.",
      "Music engraving . . . . . . . . . 1 is the first chapter.",
      "The options are set in 2.1 Introduction to the program.",
    ];
    for (const question of bad) expect(failed(noDebris(input(tf(question, "True")))), question).toBe(true);
    expect(failed(noDebris(input(mc("Which object is a factor?", ["XXX", "A list", "A vector", "A matrix"], "XXX"))))).toBe(true);
  });
  it("leaves ordinary prose and a function name alone", () => {
    expect(noDebris(input(GOOD_SA))).toEqual({ pass: true });
    expect(noDebris(input(tf("Packages are loaded as needed; their data and code stay on disk until then.", "True")))).toEqual({ pass: true });
    // A name from code in prose is a name, not code (round 33: the generator asks about named programs and methods).
    expect(noDebris(input(tf("cg_merge is a simple program which reads multiple profile files.", "True")))).toEqual({ pass: true });
    // A version number is no section heading.
    expect(noDebris(input(tf("The LilyPond 1.4 output is certainly readable, but it showed errors in the details.", "True")))).toEqual({ pass: true });
  });
});

describe("answer on the cited page", () => {
  it("finds the key, or most of a statement's words, on the page", () => {
    expect(answerOnCitedPage(input(GOOD_MC))).toEqual({ pass: true });
    expect(answerOnCitedPage(input(GOOD_TF))).toEqual({ pass: true });
  });
  it("fails a key the page does not have, or an item citing no page", () => {
    expect(failed(answerOnCitedPage(input(sa("Which function gives the number of levels of a factor?", "nlevels()"))))).toBe(true);
    expect(failed(answerOnCitedPage(input({ ...GOOD_SA, source_pages: [] }, "factors", "")))).toBe(true);
  });
});

describe("answer not the topic", () => {
  it("fails a blank on the topic the student typed, singular or plural, and the topic among the options", () => {
    const topical = mc("_____ are the most important type of object in R.", ["Vectors", "Needs", "Options", "Estimates"], "Vectors");
    expect(failed(answerNotTopic(input(topical, "vector")))).toBe(true);
    const asOption = mc("What classifies the components of other vectors?", ["A factor", "Vectors", "A list", "A matrix"], "A factor");
    expect(failed(answerNotTopic(input(asOption, "vectors")))).toBe(true);
    expect(failed(answerNotTopic(input(mc("Traditional _____ types apply to individual files.", ["MIME", "XML", "ASCII", "XDG"], "MIME"), "MIME types")))).toBe(true);
    expect(failed(answerNotTopic(input(GOOD_MC, "factors")))).toBe(true);
    expect(failed(answerNotTopic(input(sa("Lilypond was written to automate _____.", "music engraving"), "engraving")))).toBe(true);
    const allMagic = mc("Which data does a sniffer compare first?", ["magic data", "magic file", "magic rules", "magic bytes"], "magic data");
    expect(answerNotTopic(input(allMagic, "magic"))).toEqual({ pass: true });
    expect(answerNotTopic(input(GOOD_MC, "classification"))).toEqual({ pass: true });
    expect(answerNotTopic(input(GOOD_TF))).toBeUndefined();
  });
});

describe("answer not in the stem", () => {
  it("fails a key the stem spells out, abbreviates, repeats or misspells", () => {
    expect(failed(answerNotInStem(input(sa("Open Database Connectivity (_____) is a standard interface.", "ODBC"))))).toBe(true);
    expect(failed(answerNotInStem(input(sa("The ODBC standard stands for _____.", "Open Database Connectivity"))))).toBe(true);
    expect(failed(answerNotInStem(input(sa("The search path lists where R looks; what is the _____ called?", "search path"))))).toBe(true);
    expect(failed(answerNotInStem(input(sa("A package may contain files INDEX, LICENCE, _____ and NEWS.", "LICENSE"))))).toBe(true);
    expect(answerNotInStem(input(GOOD_MC))).toEqual({ pass: true });
  });
});

describe("distractors", () => {
  it("fail when two options are one (singular/plural), one holds another, or one is in the stem", () => {
    expect(failed(distractorsDistinct(input(mc("What is a factor?", ["A vector", "Vectors", "A list", "A matrix"], "A vector"))))).toBe(true);
    expect(failed(distractorsDistinct(input(mc("What is a factor?", ["data frame", "frame", "list", "matrix"], "data frame"))))).toBe(true);
    expect(failed(distractorsDistinct(input(mc("Which object classifies the components of a list?", ["A factor", "A list", "A matrix", "An array"], "A factor"))))).toBe(true);
    expect(distractorsDistinct(input(GOOD_MC))).toEqual({ pass: true });
  });
  it("fail when a distractor is another kind of word, case, length or form than the key", () => {
    expect(failed(distractorsSameKind(input(mc("Most _____ components are distributed as R add-on packages.", ["Bioconductor", "quickly", "Options", "Estimates"], "Bioconductor"))))).toBe(true);
    expect(failed(distractorsSameKind(input(mc("Files are read from the _____ directory.", ["data", "distribution", "man", "src"], "data"))))).toBe(true);
    expect(failed(distractorsSameKind(input(mc("The _____ database holds the types.", ["shared", "ODBC", "local", "global"], "shared"))))).toBe(true);
    expect(failed(distractorsSameKind(input(mc("Rules are kept in the _____ file.", ["globs", "globs2", "aliases", "subclasses"], "globs"))))).toBe(true);
    expect(distractorsSameKind(input(mc("Packages are installed from the _____ network.", ["CRAN", "CPAN", "CTAN", "PyPI"], "CRAN")))).toEqual({ pass: true });
    expect(distractorsSameKind(input(GOOD_TF))).toBeUndefined();
  });
});

describe("topic on the cited page", () => {
  it("passes a page naming the topic (either number) and fails one that does not", () => {
    expect(topicRelevance(input(GOOD_MC, "factor"))).toEqual({ pass: true });
    expect(topicRelevance(input(GOOD_MC, "data frames", PAGE + " A data frame is a list."))).toEqual({ pass: true });
    expect(failed(topicRelevance(input(GOOD_MC, "mailing lists")))).toBe(true);
  });
});

describe("self-contained, about the subject, not an instruction", () => {
  it("fails stems that lean on text the student has not got", () => {
    for (const q of ["This makes the function available to all users.", "The second argument gives the levels.", "Let path be the path to such a package file.", "Packages from the repositories discussed above are installed first.", "In the example below, ledger lines are thicker than staff lines."]) {
      expect(failed(selfContainedStem(input(tf(q, "True")))), q).toBe(true);
    }
    expect(selfContainedStem(input(tf("Data types such as factors classify vectors.", "True")))).toEqual({ pass: true });
  });
  it("fails document trivia and copied instructions", () => {
    expect(failed(noDocumentReference(input(sa("The reader should consult the _____ for more details.", "FAQ"))))).toBe(true);
    expect(failed(noDocumentReference(input(tf("See Section 2.5 for how R is installed.", "True"))))).toBe(true);
    expect(failed(notAnInstruction(input(tf("Please use the CRAN site closest to you to reduce network load.", "True"))))).toBe(true);
    expect(failed(notAnInstruction(input(tf("Use the search path to find objects.", "True"))))).toBe(true);
    expect(notAnInstruction(input(GOOD_TF))).toEqual({ pass: true });
  });
});

describe("false statements", () => {
  it("fail a swap of another kind and pass a swap of the same kind", () => {
    const page = "Many more packages are available from repositories other than CRAN, such as Bioconductor.";
    expect(failed(falseStatementSameKind(input(tf("Many more packages are available from repositories other than CRAN, such as quickly.", "False"), "packages", page)))).toBe(true);
    expect(falseStatementSameKind(input(tf("Many more packages are available from repositories other than CRAN, such as SourceForge.", "False"), "packages", page))).toEqual({ pass: true });
    expect(falseStatementSameKind(input(GOOD_TF))).toBeUndefined();
  });

  it("read a swapped-in term of another length beside the heading the page printed before the sentence ('An R list' for 'A factor')", () => {
    const page = "4 Ordered and unordered factors A factor is a vector object used to specify a discrete classification of the components of other vectors.";
    expect(falseStatementSameKind(input(tf("An R list is a vector object used to specify a discrete classification of the components of other vectors.", "False"), "factors", page))).toEqual({ pass: true });
    expect(failed(falseStatementSameKind(input(tf("Quickly is a vector object used to specify a discrete classification of the components of other vectors.", "False"), "factors", page)))).toBe(true);
    expect(failed(falseStatementSameKind(input(tf("Bioconductor is a vector object used to specify a discrete classification of the components of other vectors.", "False"), "factors", page)))).toBe(true);
  });
});

describe("test-level checks", () => {
  const at = (i: number) => mc(`Which option is number ${i}?`, ["w", "x", "y", "z"], ["w", "x", "y", "z"][i % 4]!);
  it("fail keys all in one position and pass keys spread over A–D", () => {
    expect(failed(answerPositionSpread(Array.from({ length: 8 }, () => at(0))))).toBe(true);
    expect(answerPositionSpread(Array.from({ length: 8 }, (_, i) => at(i)))).toEqual({ pass: true });
    expect(answerPositionSpread([at(0), at(0)])).toBeUndefined();
  });
  it("fail true/false keys all one way", () => {
    expect(failed(trueFalseBalance(Array.from({ length: 5 }, () => GOOD_TF)))).toBe(true);
    expect(trueFalseBalance([GOOD_TF, GOOD_TF, tf("A factor is a matrix.", "False"), tf("A list is a factor.", "False")])).toEqual({ pass: true });
  });
});

describe("repeats and run-on sentences", () => {
  it("fail a test that asks about one sentence twice", () => {
    const cloze = sa("Complete the sentence: A factor is a vector object used to specify a discrete _____.", "classification");
    expect(failed(noRepeatedSentence([GOOD_TF, GOOD_SA, cloze]))).toBe(true);
    expect(noRepeatedSentence([GOOD_TF, GOOD_SA])).toEqual({ pass: true });
    // "What is a factor?" asks about a term the sentence names; it repeats no sentence.
    expect(noRepeatedSentence([mc("What is a factor?", ["a vector object", "a list", "a matrix", "an array"], "a vector object"), GOOD_TF])).toEqual({ pass: true });
  });
  it("fail a stem that joins two sentences without a stop", () => {
    expect(failed(completeStem(input(tf("The function read.table() reads the data frame directly Often you will omit the row labels.", "True"))))).toBe(true);
    expect(failed(completeStem(input(sa("To separate the data items, use assignments like More conveniently, the list can have named _____.", "components"))))).toBe(true);
  });
  it("tell cloze, question and statement apart, and a copied sentence from a written one", () => {
    expect([GOOD_MC, GOOD_TF, sa("The levels are found with _____.", "levels()")].map(stemForm)).toEqual(["question", "statement", "cloze"]);
    expect(copiedFromPage(input(sa("Fill in the blank: Function _____ gives the number of elements of a vector.", "length()")))).toBe(true);
    expect(copiedFromPage(input(GOOD_SA))).toBe(false);
  });
});

describe("false statements after a heading", () => {
  it("compare the swapped term, not the heading the page's sentence starts with", () => {
    const page = "4 Ordered and unordered factors A factor is a vector object used to specify a discrete classification.";
    const swapped = tf("Further is a vector object used to specify a discrete classification.", "False");
    expect(falseStatementSameKind(input(swapped, "factors", page))).toMatchObject({ pass: false, why: expect.stringContaining('"Further" for "factor"') });
  });
});
