import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines for machines; readable lines when a person watches the terminal. `fd` 2 sends them to
 * stderr (the CLI's commands, whose stdout is their answer, e.g. JSON for a script).
 */
export function createLogger(level: string, pretty = Boolean(process.stdout.isTTY), fd: 1 | 2 = 1): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ["password", "*.password", "new_password", "*.new_password", "token", "*.token"], censor: "[redacted]" },
  };
  if (pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", destination: fd } } });
  return pino(options, pino.destination(fd));
}
