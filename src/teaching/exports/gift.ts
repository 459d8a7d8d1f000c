/**
 * GIFT (docs.moodle.org/en/GIFT_format), Moodle's text format: a $CATEGORY line named for the test, then one
 * question per paragraph — multiple choice {=right ~wrong …}, true/false {T}/{F}, short answer {=key =other …}
 * — with the explanation as general feedback (####). Every text is marked [plain] (GIFT's default format
 * reads HTML) and has GIFT's special characters ~ = # { } : and the backslash escaped; line breaks are \n.
 */
import { literalPattern } from "./moodle-xml.ts";
import type { ExportItem, ExportTest, Renderer } from "./model.ts";

/** One text as GIFT reads it back unchanged. */
export const giftEscape = (text: string) => text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\n/g, "\\n");

function answers(item: ExportItem): string[] {
  if (item.kind === "choice") return item.options.map((option, i) => `${i === item.correct ? "=" : "~"}${giftEscape(option)}`);
  if (item.kind === "truefalse") return [item.answer ? "TRUE" : "FALSE"];
  // A short answer is matched like Moodle's shortanswer: "*" is a wildcard unless written "\*".
  return item.answers.map((a) => `=${giftEscape(literalPattern(a))}`);
}

function question(item: ExportItem): string {
  const feedback = item.explanation ? [`####${giftEscape(item.explanation)}`] : [];
  const title = `::${String(item.number).padStart(2, "0")}::`;
  return `${title}[plain]${giftEscape(item.text)} {\n${[...answers(item), ...feedback].join("\n")}\n}`;
}

export function gift(test: ExportTest): string {
  const header = [
    `// ${test.title}: ${test.items.length} questions, exported from StudyForge.`,
    // The category line is read to the end of the line, unescaped; "/" separates levels, "//" is a slash.
    `$CATEGORY: $course$/top/${test.title.replace(/\//g, "//")}`,
  ].join("\n");
  return [header, ...test.items.map(question)].join("\n\n") + "\n";
}

export const renderGift: Renderer = (test) => ({
  body: gift(test),
  // Moodle's GIFT import takes text/plain files (.txt), not a .gift extension.
  contentType: "text/plain; charset=utf-8",
  suffix: "GIFT",
  extension: "txt",
});
