import { readFileSync } from 'node:fs';

/**
 * CPU time in ms, from /proc: the whole machine's busy time over all its cores, and the given processes'
 * own (the web processes). Read before and after a measurement, the difference divided by the requests
 * answered says what one request costs (CpuCost), which carries to another machine better than req/s.
 */
type CpuTimes = { machineMs: number; processesMs: number };
/** What one request (or statement) cost between two readings. */
export type CpuCost = CpuTimes;

// Linux counts CPU time in clock ticks of 1/100 s (USER_HZ, `getconf CLK_TCK`).
const MS_PER_TICK = 10;

export function readCpu(pids: number[] = []): CpuTimes {
  // "cpu  user nice system idle iowait irq softirq steal …": busy is all but idle and iowait.
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const machineMs = (user + nice + system + irq + softirq + (steal || 0)) * MS_PER_TICK;
  return { machineMs, processesMs: pids.reduce((sum, pid) => sum + processCpuMs(pid), 0) };
}

function processCpuMs(pid: number): number {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; utime and stime are the 12th and 13th fields after comm.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0; // the process has ended
  }
}

function costPer(before: CpuTimes, after: CpuTimes, count: number): CpuCost {
  const per = (ms: number) => (count > 0 ? Math.round((ms / count) * 1000) / 1000 : NaN);
  return { machineMs: per(after.machineMs - before.machineMs), processesMs: per(after.processesMs - before.processesMs) };
}

/** Runs `measure` between two readings and answers its result with the cost of each of the `count(result)` requests. */
export async function withCpuCost<T>(
  pids: number[],
  measure: () => Promise<T> | T,
  count: (result: T) => number,
): Promise<T & { cpu: CpuCost }> {
  const before = readCpu(pids);
  const result = await measure();
  return { ...result, cpu: costPer(before, readCpu(pids), count(result)) };
}
