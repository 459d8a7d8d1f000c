import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/core/config.ts";
import { tempDir } from "../helpers/server.ts";

const base = () => ({ DATA_DIR: tempDir() });

describe("configuration", () => {
  it("runs with nothing set: port 8080, ./data, builtin provider, mail in the log", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve("data"));
    expect(c.databaseFile).toBe(path.resolve("data/studyforge.db"));
    expect(c.llmProvider).toBe("builtin");
    expect(c.smtpUrl).toBeUndefined();
    expect(c.requireEmailVerification).toBe(false);
    expect(c.publicUrl).toBe("http://localhost:8080");
    expect(c.maxUploadMb).toBe(50);
    expect(c.maxPdfPages).toBe(2000);
    expect(c.maxUserStorageMb).toBe(500);
    expect(c.scanMemoryMb).toBe(1024);
    expect(c.rateLimitFactor).toBe(1);
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be a number from 1 to 65535, got "abc"'],
    [{ PORT: "70000" }, 'PORT must be a number from 1 to 65535, got "70000"'],
    [{ MAX_UPLOAD_MB: "-3" }, "MAX_UPLOAD_MB must be a number from 1 to 2048"],
    [{ REQUIRE_EMAIL_VERIFICATION: "maybe" }, 'REQUIRE_EMAIL_VERIFICATION must be true or false, got "maybe"'],
    [{ LLM_PROVIDER: "gpt" }, 'LLM_PROVIDER must be one of openai, ollama, builtin, got "gpt"'],
    [{ SMTP_URL: "mail.example.org" }, "SMTP_URL must be a URL starting with smtp:// or smtps://"],
    [{ RATE_LIMIT_FACTOR: "fast" }, 'RATE_LIMIT_FACTOR must be a number from 0 to 1000, got "fast"'],
    // Node itself does not start under less (materials/scan/limits.ts).
    [{ SCAN_MEMORY_MB: "512" }, 'SCAN_MEMORY_MB must be a number from 768 to 65536, got "512"'],
    [{ MAX_USER_STORAGE_MB: "0" }, 'MAX_USER_STORAGE_MB must be a number from 1 to 1000000, got "0"'],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });

  it("chooses the provider from what is configured", () => {
    expect(loadConfig({ ...base(), OPENAI_API_KEY: "sk-x" }).llmProvider).toBe("openai");
    expect(loadConfig({ ...base(), OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }).llmProvider).toBe("openai");
    expect(loadConfig({ ...base(), OLLAMA_HOST: "http://127.0.0.1:11434" }).llmProvider).toBe("ollama");
    expect(loadConfig({ ...base(), OLLAMA_HOST: "http://h:1", LLM_PROVIDER: "builtin" }).llmProvider).toBe("builtin");
  });

  it("requires e-mail verification by default only when mail can be sent", () => {
    expect(loadConfig({ ...base(), SMTP_URL: "smtp://127.0.0.1:2525" }).requireEmailVerification).toBe(true);
    expect(loadConfig({ ...base(), SMTP_URL: "smtp://127.0.0.1:2525", REQUIRE_EMAIL_VERIFICATION: "false" }).requireEmailVerification).toBe(false);
  });

  it("reads DATA_DIR/studyforge.env underneath the environment", () => {
    const env = base();
    writeFileSync(path.join(env.DATA_DIR, "studyforge.env"), "PORT=9123\nMAX_PDF_PAGES=10\n# comment\nPUBLIC_URL=https://study.school.example\n");
    const c = loadConfig(env);
    expect(c.port).toBe(9123);
    expect(c.maxPdfPages).toBe(10);
    expect(c.publicUrl).toBe("https://study.school.example");
    expect(loadConfig({ ...env, PORT: "9200" }).port).toBe(9200);
  });

  it("takes a postgres:// DATABASE_URL as PostgreSQL and anything else as a SQLite file", () => {
    const pg = loadConfig({ ...base(), DATABASE_URL: "postgres://sf:secret@db.school.example:5432/studyforge" });
    expect(pg.postgresUrl).toBe("postgres://sf:secret@db.school.example:5432/studyforge");
    expect(pg.databasePoolMax).toBe(10);
    expect(loadConfig({ ...base(), DATABASE_URL: "postgresql://sf@/studyforge?host=/run/postgresql" }).postgresUrl).toBe("postgresql://sf@/studyforge?host=/run/postgresql");
    const file = loadConfig({ ...base(), DATABASE_URL: "sqlite:///srv/studyforge/school.db" });
    expect(file.postgresUrl).toBeUndefined();
    expect(file.databaseFile).toBe("/srv/studyforge/school.db");
    expect(() => loadConfig({ ...base(), DATABASE_URL: "postgres:///studyforge" })).toThrow("DATABASE_URL must name the PostgreSQL server");
    expect(() => loadConfig({ ...base(), DATABASE_POOL_MAX: "1" })).toThrow('DATABASE_POOL_MAX must be a number from 2 to 200, got "1"');
  });

  it("refuses a --config file that does not exist", () => {
    expect(() => loadConfig(base(), "/nonexistent/studyforge.env")).toThrow("--config must name a readable env file");
  });
});

describe("the example env file", () => {
  it("is a valid configuration", () => {
    const c = loadConfig({ DATA_DIR: tempDir() }, path.resolve(import.meta.dirname, "../../config/studyforge.example.env"));
    expect(c.port).toBe(8080);
    expect(c.llmProvider).toBe("builtin");
  });
});
