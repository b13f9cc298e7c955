/** A generated v1 day file of a million lines for the logs cases, made once in `.bench-data/` (never committed). */
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { CacheStatus } from '../../shared/logs/cache-status.js';
import { formatV1Line } from '../../shared/logs/v1-line.js';
import { createRandom } from '../../sandbox/seed.js';

const CACHE: readonly CacheStatus[] = ['HIT', 'HIT', 'HIT', 'HIT', 'MISS', 'MISS', 'BYPASS', 'REVALIDATED', 'STALE', 'UPDATING', '-'];
const STATUS = [200, 200, 200, 200, 200, 206, 304, 301, 404, 403, 500, 503];
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'JP', 'BR', 'IN', 'NL', 'SE', 'PL'];
const POPS = ['DE', 'WA', 'NY', 'LA', 'FR', 'UK', 'SG', 'TY', 'SP', 'AMS'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'curl/8.5.0',
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
];

/** The path of a v1 file of `lines` lines, written on first use. */
export async function logsFile(root: string, lines: number): Promise<string> {
  const dir = join(root, '.bench-data');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `logs-${lines}.log`);
  if (existsSync(path)) return path;
  // The sandbox's seeded generator, so every run measures the same file.
  const rand = createRandom(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const out = createWriteStream(`${path}.partial`);
  const t0 = Date.UTC(2026, 10, 22, 0, 0, 0);
  let batch = '';
  for (let i = 0; i < lines; i++) {
    batch += `${formatV1Line({
      timestampMs: t0 + Math.floor((i * 86_400_000) / lines),
      pullZoneId: 1004747,
      requestId: Math.floor(rand() * 2 ** 52).toString(16).padStart(16, '0') + i.toString(16).padStart(16, '0'),
      cacheStatus: pick(CACHE),
      statusCode: pick(STATUS),
      bytesSent: Math.floor(rand() * 2_000_000),
      remoteIp: `${Math.floor(rand() * 223) + 1}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.0`,
      countryCode: pick(COUNTRIES),
      edgeLocation: pick(POPS),
      url: `https://demo-site.b-cdn.net/${pick(['assets', 'images', 'video', 'blog'])}/${Math.floor(rand() * 5000)}.${pick(['js', 'webp', 'mp4', 'html'])}?v=${Math.floor(rand() * 10)}`,
      userAgent: pick(AGENTS),
      referer: rand() < 0.5 ? null : 'https://demo-site.example/',
    })}\n`;
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
  renameSync(`${path}.partial`, path);
  return path;
}
