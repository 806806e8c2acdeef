// CPU time of this process's workerd children, read from /proc (Linux): what a Worker under Miniflare
// costs, apart from the Node process that runs the load, the SDK clients and the sandbox.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat's times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The ids of this process's children named `workerd` (empty where /proc is missing). */
export function workerdChildren(): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  return entries.map(Number).filter((pid) => {
    const fields = statFields(pid);
    if (!fields || Number(fields[1]) !== process.pid) return false;
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd';
    } catch {
      return false;
    }
  });
}

/** User + system CPU milliseconds of process `pid` (all its threads) so far; NaN when unknown. */
export function processCpuMs(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statFields(pid);
  // utime and stime are fields 14 and 15 of stat: 11 and 12 after the name.
  if (!fields) return Number.NaN;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}
