// The server's CPU and memory, read from /proc of its process while the load runs.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

export interface ProcessFigures {
  /** CPU time over wall time, in cores (1 = one core busy all along). */
  cpuCores: number;
  rssMaxMb: number;
  rssEndMb: number;
}

export function sampleProcess(pid: number, everyMs = 500) {
  const startedAt = performance.now();
  const startTicks = cpuTicks(pid);
  let rssMaxMb = rssMegabytes(pid);
  const timer = setInterval(() => {
    try {
      rssMaxMb = Math.max(rssMaxMb, rssMegabytes(pid));
    } catch {
      // The process is gone; the last figures stand.
    }
  }, everyMs);
  return {
    stop(): ProcessFigures {
      clearInterval(timer);
      const seconds = (performance.now() - startedAt) / 1000;
      const rssEndMb = rssMegabytes(pid);
      return {
        cpuCores: (cpuTicks(pid) - startTicks) / TICKS_PER_SECOND / seconds,
        rssMaxMb: Math.max(rssMaxMb, rssEndMb),
        rssEndMb,
      };
    },
  };
}
