import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // API and browser tests start real servers and Chromium; two cores cannot run many at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "sqlite", include: ["tests/**/*.test.ts"] } },
      // The API tests once more with every test server on its own database in a throw-away PostgreSQL
      // cluster (tests/helpers/postgres.ts). `--project sqlite` skips them.
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["tests/api/**/*.test.ts"],
          env: { STUDYFORGE_TEST_DB: "postgres" },
          globalSetup: ["tests/helpers/postgres-setup.ts"],
        },
      },
    ],
  },
});
