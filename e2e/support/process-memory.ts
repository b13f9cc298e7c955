/** Resident memory of this process and of the Chromium page processes it started, read from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

function status(pid: string): { ppid: number; rssKiB: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { ppid: Number(/^PPid:\s+(\d+)/m.exec(text)?.[1] ?? 0), rssKiB: Number(/^VmRSS:\s+(\d+)/m.exec(text)?.[1] ?? 0) };
  } catch {
    return null; // The process ended while the table was read.
  }
}

/** The summed resident bytes of the renderer processes descended from this process (the pages' memory). */
export function rendererRss(): number {
  const procs = new Map<number, { ppid: number; rssKiB: number; renderer: boolean }>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const s = status(pid);
    if (!s) continue;
    const cmdline = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })();
    procs.set(Number(pid), { ...s, renderer: cmdline.includes('--type=renderer') });
  }
  const ours = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 16; hops++) {
      if (p === process.pid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let kib = 0;
  for (const [pid, p] of procs) if (p.renderer && ours(pid)) kib += p.rssKiB;
  return kib * 1024;
}
