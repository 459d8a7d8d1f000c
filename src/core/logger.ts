import pino from "pino";

export type Logger = pino.Logger;

/** JSON lines for machines; readable lines when a person watches the terminal. */
export function createLogger(level: string, pretty = Boolean(process.stdout.isTTY)): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["password", "*.password", "new_password", "*.new_password", "token", "*.token"], censor: "[redacted]" },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } } : {}),
  });
}
