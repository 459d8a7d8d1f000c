/** The kinds of study guide an upload may be, as the file chooser and the check before sending know them. */

/** The server's refusal of any other kind of file (src/materials/formats/types.ts), said before a byte is sent. */
export const NOT_ACCEPTED =
  "Only PDF, Word (.docx), PowerPoint (.pptx), OpenDocument (.odt, .odp), text (.txt) and Markdown (.md) files are accepted; text files must be UTF-8.";

const TYPES = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.presentation",
  "text/plain",
  "text/markdown",
];

/** The file input's `accept`: the accepted kinds by extension and by type. */
export const ACCEPT = [".pdf", ".docx", ".pptx", ".odt", ".odp", ".txt", ".md", ...TYPES].join(",");

/** The hint under a file chooser, naming the kinds and the limits. */
export const ACCEPTED_KINDS = "PDF, Word (.docx), PowerPoint (.pptx), OpenDocument (.odt, .odp), text (.txt) or Markdown (.md)";

const ACCEPTED_NAME = /\.(?:pdf|docx|pptx|odt|odp|txt|md|markdown)$/i;

/** Whether the file may be one of the accepted kinds: the server tells them apart by content, so a name or type is enough to try. */
export const mayBeAccepted = (file: File) => ACCEPTED_NAME.test(file.name) || TYPES.includes(file.type);
