/**
 * Moodle XML (docs.moodle.org/en/Moodle_XML_format): a category named for the test, then one question per
 * item — multichoice (one right answer: fraction 100, the others 0), truefalse, shortanswer (the key and the
 * accepted alternatives, each worth 100) — with the explanation as general feedback. Texts are plain_text,
 * so Moodle shows "x < y" as written instead of reading it as HTML; the builder does the XML escaping.
 */
import type { ExportItem, ExportTest, Renderer } from "./model.ts";
import { buildXml } from "./xml.ts";

/** A text element in Moodle's shape: <tag format="plain_text"><text>…</text></tag>. */
const plain = (text: string) => ({ "@_format": "plain_text", text });

/** Moodle's category path separates levels with "/": a slash inside a name is written "//". */
const categoryName = (title: string) => title.replace(/\//g, "//");

/** In a shortanswer answer "*" is a wildcard; "\*" is a real asterisk (other backslashes are plain text). */
export const literalPattern = (answer: string) => answer.replace(/\*/g, "\\*");

/** Names sort in the test's order in the question bank: "03 What does CRAN stand for?". */
function questionName(item: ExportItem): string {
  const text = item.text.replace(/\s+/g, " ");
  return `${String(item.number).padStart(2, "0")} ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
}

function answer(fraction: number, text: string) {
  return { "@_fraction": String(fraction), "@_format": "plain_text", text, feedback: plain("") };
}

function question(item: ExportItem) {
  const common = {
    name: { text: questionName(item) },
    questiontext: plain(item.text),
    generalfeedback: plain(item.explanation),
    defaultgrade: 1,
    penalty: item.kind === "truefalse" ? 1 : 0.3333333,
    hidden: 0,
  };
  if (item.kind === "choice") {
    return {
      "@_type": "multichoice",
      ...common,
      single: "true",
      shuffleanswers: "true",
      answernumbering: "abc",
      answer: item.options.map((option, i) => answer(i === item.correct ? 100 : 0, option)),
    };
  }
  if (item.kind === "truefalse") {
    return { "@_type": "truefalse", ...common, answer: [answer(item.answer ? 100 : 0, "true"), answer(item.answer ? 0 : 100, "false")] };
  }
  return { "@_type": "shortanswer", ...common, usecase: 0, answer: item.answers.map((a) => answer(100, literalPattern(a))) };
}

export function moodleXml(test: ExportTest): string {
  const category = { "@_type": "category", category: { text: `$course$/top/${categoryName(test.title)}` } };
  return buildXml({ quiz: { question: [category, ...test.items.map(question)] } });
}

export const renderMoodleXml: Renderer = (test) => ({
  body: moodleXml(test),
  contentType: "application/xml; charset=utf-8",
  suffix: "Moodle",
  extension: "xml",
});
