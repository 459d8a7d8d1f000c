import { Box, Text } from "ink";
import { createElement as h } from "react";
import type { Check } from "../../src/admin/doctor.ts";

/** ✓ or ✗ per check, what it found, and for a failure the fix. */
export function ChecksView({ checks }: { checks: Check[] }) {
  const width = Math.max(...checks.map((c) => c.name.length)) + 2;
  const failed = checks.filter((c) => !c.ok).length;
  return h(
    Box,
    { flexDirection: "column" },
    ...checks.map((c, i) =>
      h(
        Box,
        { key: i, flexDirection: "column" },
        h(Text, null, h(Text, { color: c.ok ? "green" : "red", bold: true }, c.ok ? "✓ " : "✗ "), h(Text, { bold: true }, c.name.padEnd(width)), c.detail),
        c.fix ? h(Text, { color: "yellow" }, `  ${" ".repeat(width)}fix: ${c.fix}`) : null,
      ),
    ),
    h(Box, { marginTop: 1 }, h(Text, { bold: true, color: failed ? "red" : "green" }, failed ? `${failed} check(s) failed.` : "Everything looks right.")),
  );
}
