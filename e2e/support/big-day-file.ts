/**
 * A big v1 day file for end-to-end runs, written in a few seconds: one block of the sandbox's own generated traffic
 * for a zone (its URLs, agents, referers, countries, statuses, with origin-shield fetches left out as the platform
 * does) is formatted once, then repeated until the file has the lines asked for. Each line gets its own time, spread
 * evenly over the UTC day in ascending order, and its own request id, so no two lines are the same request.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { formatV1Line } from '../../shared/logs/v1-line.js';
import type { SeedPullZone } from '../../sandbox/context.js';
import { served } from '../../sandbox/logs/filter.js';
import { createTrafficStore, DAY_MS } from '../../sandbox/logs/traffic.js';
import { createSeed } from '../../sandbox/seed.js';

/** What to write. */
export interface BigDayFileOptions {
  /** Lines in the file (default a million). */
  readonly lines?: number;
  /** The UTC day, as any time in it (default 2026-11-22). */
  readonly day?: number;
  /** The sandbox seed whose traffic is repeated (default 1, the sandbox's default seed). */
  readonly seed?: number;
  /** The zone the traffic is of (default the seed's first zone with logging on). */
  readonly zone?: SeedPullZone;
  /** The file's name in the directory (default `MM-DD-YY.log`, as the platform names a day). */
  readonly name?: string;
}

/** The file written. */
export interface BigDayFile {
  readonly path: string;
  readonly lines: number;
  readonly bytes: number;
  /** The times of the first and the last line (UTC ms). */
  readonly first: number;
  readonly last: number;
  readonly zoneId: number;
}

/** Distinct generated requests repeated through the file. */
const BLOCK = 20_000;
/** Bytes written at a time. */
const CHUNK = 1 << 20;

/** The v1 line split around its time and request id: `before|<time>|middle|<id>|after`. */
interface Template {
  readonly before: string;
  readonly middle: string;
  readonly after: string;
  /** The generated id's first half, kept so ids look like the platform's; the second half numbers the line. */
  readonly idHead: string;
}

function templateOf(line: string): Template {
  const f = line.split('|');
  // cache|status|timestamp|bytes|zone|ip|referer|url|edge|agent|request-id|country
  return { before: `${f[0]}|${f[1]}|`, middle: `|${f.slice(3, 10).join('|')}|`, after: `|${f.slice(11).join('|')}`, idHead: /^[0-9a-f]{16}/i.test(f[10] ?? '') ? f[10]!.slice(0, 16).toLowerCase() : '0'.repeat(16) };
}

function dayName(dayStart: number): string {
  const d = new Date(dayStart);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}-${two(d.getUTCFullYear() % 100)}.log`;
}

/** Writes the file into `dir` and says what it holds. */
export async function writeBigDayFile(dir: string, options: BigDayFileOptions = {}): Promise<BigDayFile> {
  const lines = options.lines ?? 1_000_000;
  if (!Number.isSafeInteger(lines) || lines < 1) throw new Error(`lines must be a whole number above 0; got ${lines}`);
  const seed = options.seed ?? 1;
  const dayStart = Math.floor((options.day ?? Date.UTC(2026, 10, 22)) / DAY_MS) * DAY_MS;
  const zone = options.zone ?? createSeed(seed).pullZones.find((z) => z.loggingEnabled);
  if (zone === undefined) throw new Error('the seed has no zone with logging on');

  // One day of generated traffic at a rate that gives a block's worth of visitor requests.
  const traffic = createTrafficStore(seed, Math.ceil(BLOCK * 1.25));
  const block: Template[] = [];
  for (const e of traffic.range(zone, dayStart, dayStart + DAY_MS, 'asc')) {
    if (e.originShield) continue;
    block.push(templateOf(formatV1Line(served(e, zone))));
    if (block.length === BLOCK) break;
  }
  if (block.length === 0) throw new Error(`the sandbox generated no traffic for zone ${zone.id}`);

  const path = join(dir, options.name ?? dayName(dayStart));
  const out = createWriteStream(path);
  let bytes = 0;
  let text = '';
  const time = (i: number) => dayStart + Math.floor((i * DAY_MS) / lines);
  for (let i = 0; i < lines; i++) {
    const t = block[i % block.length]!;
    text += `${t.before}${time(i)}${t.middle}${t.idHead}${i.toString(16).padStart(16, '0')}${t.after}\n`;
    if (text.length >= CHUNK) {
      bytes += Buffer.byteLength(text);
      if (!out.write(text)) await once(out, 'drain');
      text = '';
    }
  }
  bytes += Buffer.byteLength(text);
  out.end(text);
  await once(out, 'finish');
  return { path, lines, bytes, first: time(0), last: time(lines - 1), zoneId: zone.id };
}
