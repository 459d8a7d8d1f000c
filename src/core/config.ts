import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { ocrLanguageDir } from "./ocr-languages.ts";

/** A configuration value that cannot be used; the message is the one line the operator sees. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

/** Small readers, one per kind of value, so every message names the variable and what it expects. */
function reader(env: Env) {
  const raw = (name: string) => {
    const v = env[name]?.trim();
    return v === undefined || v === "" ? undefined : v;
  };
  const fail = (name: string, expects: string, got: string): never => {
    throw new ConfigError(`${name} must be ${expects}, got ${JSON.stringify(got)}`);
  };
  const number = (name: string, def: number, min: number, max: number, integer: boolean) => {
    const v = raw(name);
    if (v === undefined) return def;
    const n = Number(v);
    const ok = integer ? /^-?\d+$/.test(v) : /^-?\d+(\.\d+)?$/.test(v);
    if (!ok || n < min || n > max) fail(name, `a number from ${min} to ${max}`, v);
    return n;
  };
  return {
    str: (name: string) => raw(name),
    int: (name: string, def: number, min: number, max: number) => number(name, def, min, max, true),
    num: (name: string, def: number, min: number, max: number) => number(name, def, min, max, false),
    bool(name: string, def: boolean) {
      const v = raw(name);
      if (v === undefined) return def;
      if (/^(true|1|yes|on)$/i.test(v)) return true;
      if (/^(false|0|no|off)$/i.test(v)) return false;
      return fail(name, "true or false", v);
    },
    url(name: string, protocols: string[]) {
      const v = raw(name);
      if (v === undefined) return undefined;
      const u = URL.parse(v);
      if (!u || !protocols.includes(u.protocol)) fail(name, `a URL starting with ${protocols.map((p) => p + "//").join(" or ")}`, v);
      return v.replace(/\/+$/, "");
    },
    oneOf<T extends string>(name: string, values: readonly T[]) {
      const v = raw(name);
      if (v === undefined) return undefined;
      const lower = v.toLowerCase();
      if (!(values as readonly string[]).includes(lower)) fail(name, `one of ${values.join(", ")}`, v);
      return lower as T;
    },
  };
}

export const LLM_PROVIDERS = ["openai", "ollama", "builtin"] as const;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Reads the configuration from the environment, with `DATA_DIR/studyforge.env` (or `configFile`)
 * underneath it: a variable set in the environment wins over the file.
 */
export function loadConfig(env: Env = process.env, configFile?: string) {
  const file = configFile ?? path.join(env.DATA_DIR?.trim() || "./data", "studyforge.env");
  let fileEnv: Env = {};
  if (existsSync(file)) {
    fileEnv = parseEnv(readFileSync(file, "utf8"));
  } else if (configFile) {
    throw new ConfigError(`--config must name a readable env file, got ${JSON.stringify(configFile)}`);
  }
  const r = reader({ ...fileEnv, ...env });

  const port = r.int("PORT", 8080, 1, 65535);
  const dataDir = path.resolve(r.str("DATA_DIR") ?? "./data");
  const smtpUrl = r.url("SMTP_URL", ["smtp:", "smtps:"]);
  const databaseUrl = r.str("DATABASE_URL");
  // postgres://… selects PostgreSQL (several instances may share it); anything else is a SQLite file.
  const postgresUrl = databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl) ? databaseUrl : undefined;
  // A host after the user (postgres://user:pw@host/db) or a socket directory (postgres://user@/db?host=/run/postgresql).
  if (postgresUrl && !/^postgres(ql)?:\/\/(?:[^@/?]*@)?[^@/?]+/i.test(postgresUrl) && !/[?&]host=[^&]/.test(postgresUrl)) {
    throw new ConfigError(`DATABASE_URL must name the PostgreSQL server (postgres://user:password@host:5432/database), got ${JSON.stringify(postgresUrl.replace(/:[^:@/]*@/, ":…@"))}`);
  }
  const databasePoolMax = r.int("DATABASE_POOL_MAX", 10, 2, 200);
  const openaiApiKey = r.str("OPENAI_API_KEY");
  const openaiBaseUrl = r.url("OPENAI_BASE_URL", ["http:", "https:"]);
  const ollamaHost = r.url("OLLAMA_HOST", ["http:", "https:"]);
  const llmProvider =
    r.oneOf("LLM_PROVIDER", LLM_PROVIDERS) ?? (openaiApiKey || openaiBaseUrl ? "openai" : ollamaHost ? "ollama" : "builtin");

  return {
    port,
    host: r.str("HOST") ?? "0.0.0.0",
    publicUrl: r.url("PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${port}`,
    dataDir,
    /** The SQLite file (the default); unused when `postgresUrl` is set. */
    databaseFile: databaseUrl && !postgresUrl ? path.resolve(databaseUrl.replace(/^sqlite:(\/\/)?/i, "")) : path.join(dataDir, "studyforge.db"),
    /** PostgreSQL's connection URL when DATABASE_URL is postgres://… */
    postgresUrl,
    /** PostgreSQL connections per instance (knex's pool); each instance holds up to this many. */
    databasePoolMax,
    smtpUrl,
    mailFrom: r.str("MAIL_FROM") ?? "StudyForge <no-reply@localhost>",
    requireEmailVerification: r.bool("REQUIRE_EMAIL_VERIFICATION", Boolean(smtpUrl)),
    llmProvider,
    openaiApiKey,
    openaiBaseUrl,
    openaiModel: r.str("OPENAI_MODEL") ?? "gpt-4o-mini",
    ollamaHost: ollamaHost ?? "http://127.0.0.1:11434",
    ollamaModel: r.str("OLLAMA_MODEL") ?? "llama3.2",
    llmTimeoutS: r.num("LLM_TIMEOUT_S", 120, 1, 3600),
    maxUploadMb: r.num("MAX_UPLOAD_MB", 50, 1, 2048),
    maxPdfPages: r.int("MAX_PDF_PAGES", 2000, 1, 100_000),
    scanWorkers: r.int("SCAN_WORKERS", Math.max(1, os.availableParallelism()), 1, 64),
    scanTimeoutS: r.num("SCAN_TIMEOUT_S", 120, 1, 3600),
    /** Memory (address space) of each scan worker process, enforced by the kernel; see materials/scan/limits.ts. */
    scanMemoryMb: r.int("SCAN_MEMORY_MB", 1024, 768, 65536),
    /** Languages OCR reads scanned pages in, tesseract codes ("eng", "eng+deu"); only installed ones (core/ocr-languages.ts). */
    ocrLanguages: ocrLanguages(r.str("OCR_LANGUAGES") ?? "eng"),
    /** Pages of one file OCR may read (each takes seconds); 0 turns OCR off. */
    ocrMaxPages: r.int("OCR_MAX_PAGES", 50, 0, 10_000),
    /** What one user's files may take: their PDFs and the text extracted from them. */
    maxUserStorageMb: r.num("MAX_USER_STORAGE_MB", 500, 1, 1_000_000),
    rateLimitFactor: r.num("RATE_LIMIT_FACTOR", 1, 0, 1000),
    /** Behind a reverse proxy: take the client's address from the proxy's X-Forwarded-For. */
    trustProxy: r.bool("TRUST_PROXY", false),
    /** GET /metrics: unset, only loopback may read it; set, only a request with `Authorization: Bearer <token>`. */
    metricsToken: metricsToken(r.str("METRICS_TOKEN")),
    /** The token signing key (base64) every instance shares; unset, DATA_DIR/secret.key (src/core/secret.ts). */
    secretKey: r.str("SECRET_KEY"),
    dashboardBackgroundUrl: r.url("DASHBOARD_BACKGROUND_URL", ["http:", "https:"]) ?? null,
    logLevel: r.oneOf("LOG_LEVEL", LOG_LEVELS) ?? "info",
    ...signInConfig(r),
  };
}

type Reader = ReturnType<typeof reader>;

/** One OpenID Connect provider a school signs in with (README, "School sign-in"). */
export interface OidcProviderConfig {
  /** In the sign-in URL (/auth/oidc/{id}/start) and stored with each linked account: keep it stable. */
  id: string;
  /** On the button: "Sign in with {name}". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** E-mail domains whose people get an account on first sign-in; empty: only existing accounts link. */
  allowedDomains: string[];
  /** Addresses that become administrators when their account is created by signing in. */
  adminEmails: string[];
  /** An ID token claim whose value (student, teacher or admin) sets a new account's role. */
  roleClaim?: string;
}

const MAX_OIDC_PROVIDERS = 10;
/** The unprefixed OIDC_* variables define this provider; OIDC_PROVIDERS=google,entra adds OIDC_GOOGLE_*, OIDC_ENTRA_*. */
export const DEFAULT_OIDC_ID = "school";

/** A comma-separated list of lower-cased items, each checked. */
function list(r: Reader, name: string, item: RegExp, expects: string): string[] | undefined {
  const v = r.str(name);
  if (v === undefined) return undefined;
  const items = v.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean);
  const bad = items.find((x) => !item.test(x));
  if (bad !== undefined || items.length > 1000) throw new ConfigError(`${name} must be ${expects}, got ${JSON.stringify(bad ?? v.slice(0, 80))}`);
  return items;
}

/**
 * An http issuer is refused except on loopback: a test provider on this machine. Everywhere else the
 * ID token's keys and the client secret travel over the network, so only https will do.
 */
export const isLoopbackUrl = (url: string) => /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(new URL(url).hostname);

function oidcProvider(r: Reader, id: string, prefix: string): OidcProviderConfig | undefined {
  const v = (key: string) => `${prefix}${key}`;
  const issuer = r.url(v("ISSUER"), ["http:", "https:"]);
  if (!issuer) {
    if (prefix !== "OIDC_") throw new ConfigError(`${v("ISSUER")} must be set: OIDC_PROVIDERS names "${id}"`);
    return undefined;
  }
  if (issuer.startsWith("http:") && !isLoopbackUrl(issuer)) throw new ConfigError(`${v("ISSUER")} must be an https:// URL (http only for a provider on this machine), got ${JSON.stringify(issuer)}`);
  const clientId = r.str(v("CLIENT_ID"));
  const clientSecret = r.str(v("CLIENT_SECRET"));
  if (!clientId) throw new ConfigError(`${v("CLIENT_ID")} must be set with ${v("ISSUER")} (the client ID the provider gave StudyForge)`);
  if (!clientSecret) throw new ConfigError(`${v("CLIENT_SECRET")} must be set with ${v("ISSUER")} (the client secret the provider gave StudyForge)`);
  const name = r.str(v("NAME")) ?? (prefix === "OIDC_" ? "your school account" : id);
  if (name.length > 60) throw new ConfigError(`${v("NAME")} must be at most 60 characters, got ${JSON.stringify(name)}`);
  const shared = (key: string) => r.str(v(key)) === undefined ? `OIDC_${key}` : v(key);
  const domains = list(r, shared("ALLOWED_DOMAINS"), /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "comma-separated e-mail domains (school.example,students.school.example)");
  const admins = list(r, shared("ADMIN_EMAILS"), /^[^\s@,]+@[^\s@,]+$/, "comma-separated e-mail addresses");
  const roleClaim = r.str(shared("ROLE_CLAIM"));
  if (roleClaim !== undefined && !/^[\w.:/-]{1,100}$/.test(roleClaim)) throw new ConfigError(`${shared("ROLE_CLAIM")} must be a claim name, got ${JSON.stringify(roleClaim)}`);
  return { id, name, issuer, clientId, clientSecret, allowedDomains: domains ?? [], adminEmails: admins ?? [], roleClaim };
}

/** School sign-in: the OpenID Connect providers, and whether passwords still work next to them. */
function signInConfig(r: Reader) {
  const ids = list(r, "OIDC_PROVIDERS", /^[a-z][a-z0-9]{0,19}$/, "comma-separated provider ids of letters and digits (google,entra)") ?? [];
  if (ids.length > MAX_OIDC_PROVIDERS) throw new ConfigError(`OIDC_PROVIDERS must name at most ${MAX_OIDC_PROVIDERS} providers, got ${ids.length}`);
  if (ids.includes(DEFAULT_OIDC_ID) || new Set(ids).size !== ids.length) throw new ConfigError(`OIDC_PROVIDERS must name each provider once and not "${DEFAULT_OIDC_ID}" (the unprefixed OIDC_* one), got ${JSON.stringify(ids.join(","))}`);
  const providers = [oidcProvider(r, DEFAULT_OIDC_ID, "OIDC_"), ...ids.map((id) => oidcProvider(r, id, `OIDC_${id.toUpperCase()}_`))].filter((p) => p !== undefined);
  const passwordLogin = r.bool("PASSWORD_LOGIN", true);
  if (!passwordLogin && !providers.length) throw new ConfigError("PASSWORD_LOGIN must stay true unless an OpenID Connect provider is set (OIDC_ISSUER): nobody could sign in");
  return { oidcProviders: providers, passwordLogin };
}

/** A guessable token would open the metrics to anyone; the message never repeats the secret. */
function metricsToken(token: string | undefined): string | undefined {
  if (token !== undefined && !/^[\x21-\x7e]{16,256}$/.test(token)) {
    throw new ConfigError(`METRICS_TOKEN must be 16 to 256 printable characters without spaces (e.g. from \`openssl rand -hex 32\`), got ${token.length} characters`);
  }
  return token;
}

export type Config = ReturnType<typeof loadConfig>;

/** OCR_LANGUAGES: codes joined by "+" (tesseract's way) or ",", each with its trained data installed. */
function ocrLanguages(value: string): string[] {
  const codes = [...new Set(value.split(/[+,]/).map((code) => code.trim().toLowerCase()).filter(Boolean))];
  const missing = codes.find((code) => !ocrLanguageDir(code));
  if (codes.length === 0 || codes.length > 10 || missing !== undefined) {
    throw new ConfigError(
      `OCR_LANGUAGES must name installed OCR languages joined by "+" (English, "eng", is; install another as the npm package @tesseract.js-data/<code>), got ${JSON.stringify(missing ?? value.slice(0, 80))}`,
    );
  }
  return codes;
}
