/**
 * OCR inside a scan worker: tesseract.js's own worker script (the code its worker threads run), driven
 * in this process's main thread. tesseract.js would start a worker thread, and a second V8 isolate does
 * not reliably start under the worker's address-space limit (worker-process.ts: it reserves a code range
 * of its own, and failed at 1 and at 2 GB); in the main thread the recognizer shares this process's
 * isolate and its limit. One recognizer per worker process, started at the first OCR page and kept.
 *
 * Nothing is downloaded: the engine (tesseract.js-core's WebAssembly) is loaded from node_modules by
 * tesseract.js's Node loader, the trained data from core/ocr-languages.ts's folders, the data cache is
 * off (it would write into the working directory), and the adapter's fetch refuses.
 */
import { createRequire } from "node:module";
import { ocrLanguageDir } from "../../core/ocr-languages.ts";

const require = createRequire(import.meta.url);

interface Packet {
  workerId: string;
  jobId: string;
  action: "load" | "loadLanguage" | "initialize" | "setParameters" | "recognize";
  payload: unknown;
}
interface Reply {
  status: "resolve" | "reject" | "progress";
  data: unknown;
}
interface WorkerScript {
  setAdapter(adapter: object): void;
  dispatchHandlers(packet: Packet, send: (reply: Reply) => void): void;
}

const LSTM_ONLY = 1; // tesseract.js's OEM.LSTM_ONLY: the only models @tesseract.js-data's best_int folders hold
/** tesseract's page segmentation: "fully automatic" (columns, blocks), without orientation detection. */
const PSM_AUTO = "3";

let script: WorkerScript | undefined;
let jobs = 0;

function workerScript(): WorkerScript {
  if (script) return script;
  const loaded = require("tesseract.js/src/worker-script/index.js") as WorkerScript;
  loaded.setAdapter({
    getCore: require("tesseract.js/src/worker-script/node/getCore.js"),
    gunzip: require("tesseract.js/src/worker-script/node/gunzip.js"),
    ...require("tesseract.js/src/worker-script/node/cache.js"),
    fetch: () => Promise.reject(new Error("OCR never downloads: its data is installed with the npm packages.")),
  });
  return (script = loaded);
}

/** One action of the worker script, as a promise of its result. */
function call<T>(action: Packet["action"], payload: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    workerScript().dispatchHandlers({ workerId: "scan", jobId: `job-${++jobs}`, action, payload }, ({ status, data }) => {
      if (status === "resolve") resolve(data as T);
      else if (status === "reject") reject(new Error(`OCR: ${String(data)}`));
    });
  });
}

/** The languages the recognizer was started with, and it starting. */
let engine: { languages: string; ready: Promise<void> } | undefined;

async function start(languages: string[]): Promise<void> {
  await call("load", { options: { lstmOnly: true, corePath: undefined, logging: false } });
  // Languages of different folders are loaded one folder at a time.
  for (const code of languages) {
    const langPath = ocrLanguageDir(code);
    if (!langPath) throw new Error(`OCR: no trained data installed for "${code}".`);
    await call("loadLanguage", { langs: [code], options: { langPath, cacheMethod: "none", gzip: true, lstmOnly: true } });
  }
  await call("initialize", { langs: languages.join("+"), oem: LSTM_ONLY, config: {} });
  await call("setParameters", { params: { tessedit_pageseg_mode: PSM_AUTO } });
}

function recognizer(languages: string[]): Promise<void> {
  const key = languages.join("+");
  if (engine?.languages !== key) {
    const ready = start(languages);
    engine = { languages: key, ready };
    ready.catch(() => engine?.ready === ready && (engine = undefined)); // the next page tries again
  }
  return engine.ready;
}

/**
 * The text tesseract reads on `image` (any format its image reader takes: PGM, PNG, JPEG) of `dpi`
 * dots per inch (told, tesseract need not guess it from the letters).
 */
export async function recognize(image: Uint8Array, languages: string[], dpi: number): Promise<string> {
  await recognizer(languages);
  const options = { user_defined_dpi: String(Math.max(70, dpi)) };
  const result = await call<{ text?: string }>("recognize", { image, options, output: { text: true } });
  return result.text ?? "";
}
