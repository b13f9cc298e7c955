/**
 * Cutting a plain log file into parts that can be parsed at the same time, one per thread. Every cut is moved to
 * just after a line break, so each part holds whole lines and reading the parts one after another reads exactly
 * the file. A gzip file cannot be cut this way (its bytes only make sense from the start).
 */
import { open } from 'node:fs/promises';

/** Bytes [start, end) of a file: from the start of a line to just after a line break, or to the end of the file. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

const LF = 0x0a;
const PROBE = 64 * 1024;

/**
 * Up to `parts` ranges of about equal size covering a file of `size` bytes. A cut that would fall inside a line
 * moves to the end of it; a part left empty that way (a line longer than a part) is dropped, so fewer ranges may
 * come back, and always at least one.
 */
export async function lineRanges(path: string, size: number, parts: number): Promise<ByteRange[]> {
  const cuts = [0];
  if (parts > 1 && size > 0) {
    const handle = await open(path, 'r');
    try {
      const buf = Buffer.alloc(PROBE);
      for (let i = 1; i < parts; i++) {
        let at = Math.max(Math.floor((size * i) / parts), cuts.at(-1)!);
        // The cut goes after the first line break at or past the even share (searched a probe at a time).
        let cut = size;
        while (at < size) {
          const { bytesRead } = await handle.read(buf, 0, PROBE, at);
          if (bytesRead === 0) break;
          const nl = buf.subarray(0, bytesRead).indexOf(LF);
          if (nl >= 0) {
            cut = at + nl + 1;
            break;
          }
          at += bytesRead;
        }
        if (cut > cuts.at(-1)! && cut < size) cuts.push(cut);
      }
    } finally {
      await handle.close();
    }
  }
  cuts.push(size);
  return cuts.slice(1).map((end, i) => ({ start: cuts[i]!, end }));
}
