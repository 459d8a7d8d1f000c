/**
 * The OCR languages this installation can read: tesseract.js's trained data ships in the npm registry as
 * one package per language (@tesseract.js-data/eng, …/deu, …), installed like any dependency. Only their
 * LSTM models ("4.0.0_best_int") are used: the recognizer runs LSTM-only, and never downloads anything.
 * In core because the configuration checks OCR_LANGUAGES against it at start, and the scan workers load
 * the data from here.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
/** A tesseract language code: "eng", "chi_sim", "deu_latf". */
const CODE = /^[a-z]{3}(?:_[a-z]{3,4})?$/;

/** The folder holding `<code>.traineddata.gz` for a language, or undefined when its data is not installed. */
export function ocrLanguageDir(code: string): string | undefined {
  if (!CODE.test(code)) return undefined;
  let dir: string;
  try {
    dir = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), "4.0.0_best_int");
  } catch {
    return undefined;
  }
  return existsSync(join(dir, `${code}.traineddata.gz`)) ? dir : undefined;
}
