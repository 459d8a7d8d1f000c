import { Box, Text } from "ink";
import { createElement as h } from "react";
import type { SystemStatus } from "../../src/admin/status.ts";

const LABELS: Record<keyof SystemStatus, string> = {
  version: "Version",
  data_dir: "Data directory",
  database: "Database",
  users: "Users",
  admins: "Administrators",
  study_materials: "Study materials",
  tests: "Tests",
  results: "Results",
  jobs_waiting: "Jobs waiting",
  ai_provider: "AI provider",
  mail: "Mail",
  email_verification: "E-mail verification",
};

/** A two-column summary; problems an operator should act on are shown in yellow. */
export function StatusView({ status }: { status: SystemStatus }) {
  const rows = (Object.keys(LABELS) as (keyof SystemStatus)[]).map((key) => {
    const value = status[key];
    const text = String(value);
    const warn = key === "admins" && value === 0;
    return h(
      Box,
      { key },
      h(Box, { width: 22 }, h(Text, { bold: true }, LABELS[key])),
      h(Text, { color: warn ? "yellow" : undefined }, text + (key === "admins" && value === 0 ? " (the first account to sign up becomes one)" : "")),
    );
  });
  return h(Box, { flexDirection: "column" }, h(Text, { bold: true, color: "cyan" }, "StudyForge"), ...rows);
}
