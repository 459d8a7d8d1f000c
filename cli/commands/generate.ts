import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Instance } from "ink";
import type { BatchJob, BatchSource } from "../../src/admin/batch.ts";
import { describeServer, runningServers } from "../../src/core/instance.ts";
import { GenerateInput } from "../../src/generation/schema.ts";
import { DOCUMENT_FORMATS } from "../../src/materials/formats/types.ts";
import { isTerminal, parseArgs, print, printView, UsageError, type Register } from "../runtime.ts";

interface Options {
  user: string;
  file: string[];
  pdf?: string[];
  dir?: string;
  topic: string[];
  topicsFile?: string;
  difficulty?: string;
  count?: string;
  types?: string[];
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** A file name with a study material's extension (its content is checked on upload, as on the page). */
const isStudyMaterialName = (name: string) => DOCUMENT_FORMATS.some((format) => name.toLowerCase().endsWith(`.${format}`));

/** Where the material comes from: existing files by id, file paths, and the study material in a folder (not its subfolders). */
function sourcesOf(opts: Options): BatchSource[] {
  const sources: BatchSource[] = [];
  for (const id of opts.file) {
    if (!/^\d+$/.test(id)) throw new UsageError(`--file takes a file id (a whole number), got "${id}"`);
    sources.push({ file_id: Number(id) });
  }
  for (const pdf of opts.pdf ?? []) sources.push({ pdf: path.resolve(pdf) });
  if (opts.dir) {
    let names: string[];
    try {
      names = readdirSync(opts.dir, { withFileTypes: true }).filter((e) => e.isFile() && isStudyMaterialName(e.name)).map((e) => e.name);
    } catch (err) {
      throw new UsageError(`--dir ${opts.dir}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such folder" : (err as Error).message}`);
    }
    if (!names.length) throw new UsageError(`--dir ${opts.dir} holds no study material (${DOCUMENT_FORMATS.map((f) => `.${f}`).join(", ")})`);
    for (const name of names.sort()) sources.push({ pdf: path.resolve(opts.dir, name) });
  }
  if (!sources.length) throw new UsageError("say which PDFs: --file ID, --pdf PATH… or --dir DIR");
  return sources;
}

/** The topics from --topic and --topics-file (one a line; blank lines and # comments skipped), each checked like the page's. */
function topicsOf(opts: Options): string[] {
  const topics = [...opts.topic];
  if (opts.topicsFile) {
    let text: string;
    try {
      text = readFileSync(opts.topicsFile, "utf8");
    } catch (err) {
      throw new UsageError(`--topics-file ${opts.topicsFile}: ${(err as Error).message}`);
    }
    topics.push(...text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith("#")));
  }
  if (!topics.length) throw new UsageError("say which topics: --topic T (repeatable) or --topics-file F");
  return [...new Set(topics.map((topic) => parseArgs(GenerateInput, { topic }).topic!))];
}

/** A live Ink view on a terminal; a line per change of state in a pipe; nothing until the end with --json. */
async function display(json: boolean) {
  if (json) return { update: () => undefined, end: () => undefined };
  const [{ render }, { createElement }, { GenerateView, errorText }] = await Promise.all([import("ink"), import("react"), import("../views/generate.ts")]);
  if (isTerminal()) {
    let ink: Instance | undefined;
    return {
      update(jobs: BatchJob[]) {
        const view = createElement(GenerateView, { jobs: jobs.map((j) => ({ ...j, progress: { ...j.progress } })), note: "Ctrl-C stops watching; queued jobs carry on." });
        if (ink) ink.rerender(view);
        else ink = render(view, { exitOnCtrlC: false, patchConsole: false });
      },
      end() {
        ink?.unmount();
      },
    };
  }
  const said = new Map<BatchJob, string>();
  return {
    update(jobs: BatchJob[]) {
      for (const job of jobs) {
        if (said.get(job) === job.state) continue;
        said.set(job, job.state);
        const error = job.state === "failed" ? `: ${errorText(job)}` : job.test_id ? `: test ${job.test_id}` : "";
        print(`${job.filename} · ${job.topic}${job.job_id ? ` (job ${job.job_id})` : ""}: ${job.state}${error}`);
      }
    },
    end: () => undefined,
  };
}

/** One object per job, for scripts. */
const jobJson = (j: BatchJob, errorText: (j: BatchJob) => string) => ({
  file_id: j.file_id,
  filename: j.filename,
  topic: j.topic,
  job_id: j.job_id,
  state: j.state,
  test_id: j.test_id ?? null,
  error: j.error ? errorText(j) : null,
});

/** `studyforge generate`: batch generation for a user through the durable job queue. */
export const generateCommand: Register = (program, cli) => {
  program
    .command("generate")
    .description("generate practice tests for a user: one job per file × topic through the job queue (as many of theirs at once as a student may have)")
    .requiredOption("--user <user>", "whose tests: an e-mail address or an id")
    .option("--file <id>", "one of the user's files (repeatable)", collect, [])
    .option("--pdf <paths...>", "files on this machine to upload for the user first (PDF or any accepted format)")
    .option("--dir <dir>", "upload every study material file in this folder (.pdf, .docx, .pptx, .odt, .odp, .txt, .md) for the user first")
    .option("--topic <topic>", "a topic (repeatable)", collect, [])
    .option("--topics-file <file>", "topics, one a line")
    .option("--difficulty <level>", "Easy, Medium or Hard")
    .option("--count <n>", "questions per test (1-50)")
    .option("--types <types...>", "question types: multiple_choice, true_false, short_answer (comma or space separated)")
    .option("--json", "print one JSON object per job (its test_id or error), one a line")
    .action(async (opts: Options) => {
      const sources = sourcesOf(opts);
      const topics = topicsOf(opts);
      const types = opts.types?.flatMap((t) => t.split(",")).map((t) => t.trim()).filter(Boolean);
      const { difficulty, count, question_types } = parseArgs(GenerateInput, { difficulty: opts.difficulty, count: opts.count, question_types: types });
      const { config } = cli.load();
      const [{ actAs, isOver, runBatch }, { jobRunner }, { errorText }] = await Promise.all([
        import("../../src/admin/batch.ts"),
        import("../../src/core/jobs.ts"),
        import("../views/generate.ts"),
      ]);

      const outcome = await cli.withApp(async (app) => {
        const scope = await actAs(app, opts.user);
        // A running server runs the queue (and tells its browsers about progress); this process then only
        // queues and watches. With no server, this process runs the queue itself while it watches.
        const servers = runningServers(config.dataDir);
        if (servers.length) await jobRunner(app).stop();
        else void jobRunner(app).pump();
        const controller = new AbortController();
        let why: "interrupted" | "server stopped" | undefined;
        const interrupt = () => {
          why ??= "interrupted";
          controller.abort();
        };
        process.once("SIGINT", interrupt);
        const watch = servers.length
          ? setInterval(() => {
              if (runningServers(config.dataDir).length) return;
              why ??= "server stopped";
              controller.abort();
            }, 2000)
          : undefined;
        const view = await display(Boolean(opts.json));
        try {
          const jobs = await runBatch(scope, sources, topics, { difficulty, count, question_types }, { signal: controller.signal, onChange: view.update });
          return { jobs, why, server: servers[0] };
        } finally {
          view.end();
          clearInterval(watch);
          process.off("SIGINT", interrupt);
        }
      });

      const { jobs, why, server } = outcome;
      if (opts.json) for (const job of jobs) print(JSON.stringify(jobJson(job, errorText)));
      else await printView(async () => (await import("../views/generate.ts")).SummaryView, { jobs });
      const failed = jobs.filter((j) => j.state === "failed" || j.state === "cancelled").length;
      const pending = jobs.filter((j) => j.job_id !== null && !isOver(j));
      const unstarted = jobs.filter((j) => j.state === "waiting" || j.state === "uploading").length;
      const say = (text: string) => process.stderr.write(`${text}\n`);
      if (why) {
        const ids = pending.map((j) => j.job_id).join(", ");
        const carry = server && why === "interrupted"
          ? `${pending.length} job(s) already queued (${ids || "none"}) will finish in the server (${describeServer(server)}); their tests appear on the user's dashboard.`
          : `${pending.length} job(s) already queued (${ids || "none"}) stay in the queue and run when the server starts.`;
        say(`${why === "interrupted" ? "Interrupted" : "The server stopped"}: ${carry}${unstarted ? ` ${unstarted} job(s) were not started.` : ""}`);
        process.exitCode = 1;
      } else if (failed) {
        say(`${failed} of ${jobs.length} job(s) failed.`);
        process.exitCode = 1;
      } else if (!opts.json) {
        say(`All ${jobs.length} test(s) generated.`);
      }
    });
};
