/** Processes as Linux's /proc shows them, for tests of the scan workers' lives. */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second in /proc/PID/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** Fields of /proc/PID/stat: state, the parent's id, and CPU time used. */
function stat(pid: number): { state: string; ppid: number; cpuSeconds: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command) ": state is field 3, ppid 4, utime 14 and stime 15.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return undefined;
  }
}

/** The ids of `parent`'s living child processes. */
export function childPids(parent = process.pid): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => stat(pid)?.ppid === parent && isAlive(pid));
}

/** Whether `pid` runs (a zombie, dead but not yet reaped, does not). */
export function isAlive(pid: number): boolean {
  const state = stat(pid)?.state;
  return state !== undefined && state !== "Z" && state !== "X";
}

/** CPU time `pid` has used, in seconds (0 once it is gone). */
export const cpuSeconds = (pid: number): number => stat(pid)?.cpuSeconds ?? 0;
