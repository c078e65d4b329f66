/** Process tree and memory figures from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  cmdline: string;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function processInfo(pid: number): ProcInfo | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // "pid (comm) state ppid ..." — comm may contain spaces and parentheses: split at the last ')'.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const rest = stat.slice(close + 2).split(' ');
  const cmdline = (readText(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ');
  return { pid, ppid: Number(rest[1]), comm, cmdline };
}

export function allProcesses(): ProcInfo[] {
  const result: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = processInfo(Number(name));
    if (info) result.push(info);
  }
  return result;
}

/** Every process below `root` (children, grandchildren, ...), not `root` itself. */
export function descendants(root: number, processes = allProcesses()): ProcInfo[] {
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of processes) {
    const list = byParent.get(p.ppid) ?? [];
    list.push(p);
    byParent.set(p.ppid, list);
  }
  const out: ProcInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    for (const child of byParent.get(pid) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

/** The node process running the gateway: `root` itself or its deepest descendant running gateway/src/main.ts. */
export function findServerProcess(root: number): ProcInfo | null {
  const processes = allProcesses();
  const candidates = [processInfo(root), ...descendants(root, processes)].filter(
    (p): p is ProcInfo => p !== null && p.cmdline.includes('gateway/src/main.ts') && !p.cmdline.startsWith('sh '),
  );
  return candidates[candidates.length - 1] ?? null;
}

/** The embedded PostgreSQL processes of a data folder: those whose command line holds the path, and their children. */
export function postgresProcesses(dataDir: string): ProcInfo[] {
  const processes = allProcesses();
  const roots = processes.filter((p) => p.cmdline.includes(dataDir) && p.pid !== process.pid);
  const seen = new Map<number, ProcInfo>();
  for (const r of roots) {
    seen.set(r.pid, r);
    for (const d of descendants(r.pid, processes)) seen.set(d.pid, d);
  }
  return [...seen.values()];
}

export interface Memory {
  /** Resident set size, kB. */
  rssKb: number;
  /** Peak resident set size since the process started (VmHWM), kB. */
  hwmKb: number;
}

export function memoryOf(pid: number): Memory | null {
  const status = readText(`/proc/${pid}/status`);
  if (status === null) return null;
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

/** Proportional set size (shared pages divided among the processes sharing them), kB. */
export function pssKb(pid: number): number {
  const rollup = readText(`/proc/${pid}/smaps_rollup`);
  return Number(/^Pss:\s+(\d+) kB/m.exec(rollup ?? '')?.[1] ?? Number.NaN);
}

export interface GroupMemory {
  processes: number;
  /** Sum of the processes' RSS (counts shared memory such as shared_buffers once per process that touched it). */
  rssKb: number;
  /** Sum of PSS: shared pages counted once overall. */
  pssKb: number;
}

export function groupMemory(pids: number[]): GroupMemory {
  let rss = 0;
  let pss = 0;
  let count = 0;
  for (const pid of pids) {
    const m = memoryOf(pid);
    if (!m) continue;
    count += 1;
    rss += m.rssKb;
    const p = pssKb(pid);
    if (Number.isFinite(p)) pss += p;
  }
  return { processes: count, rssKb: rss, pssKb: pss };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds (user + system) a process has used so far; NaN when it is gone. */
export function cpuSeconds(pid: number): number {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return Number.NaN;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state(0) ppid(1) ... utime(11) stime(12), in clock ticks (100/s on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU use of this process and a set of others over a stretch of time, in cores (1.0 = one core busy). */
export class CpuMeter {
  private readonly startSelf = process.cpuUsage();
  private readonly startOthers = new Map<number, number>();
  private readonly startedAt = performance.now();
  /** `others` lists the pids to count, asked again at each read (processes may come and go). */
  constructor(private readonly others: () => number[]) {
    for (const pid of others()) this.startOthers.set(pid, cpuSeconds(pid));
  }
  /** { generator, others } in cores since construction. */
  read(): { generator: number; others: number } {
    const wall = (performance.now() - this.startedAt) / 1000;
    const self = process.cpuUsage(this.startSelf);
    let others = 0;
    for (const pid of this.others()) {
      const used = cpuSeconds(pid) - (this.startOthers.get(pid) ?? 0);
      if (Number.isFinite(used)) others += used;
    }
    return { generator: (self.user + self.system) / 1e6 / wall, others: others / wall };
  }
}
