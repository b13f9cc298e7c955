/**
 * `logs-facets-1m`: every facet of the logs panel (cache status, status class and code, country, POP, URL pattern,
 * host, referrer host, user-agent family; each value's requests, bytes and hit ratio) over the generated
 * million-line day file, computed in the core's rows worker, against `mawk -F'|'` computing the same tallies over
 * the same file in the same run; the two must agree value for value. Ours is timed from the call to its answer
 * with the rows already loaded (what the panel waits for when the filter changes); mawk from spawn to exit, reading
 * the file as it goes (it keeps no rows to start from). mawk classifies user agents with the same rule table,
 * turned into its regular expressions, once per distinct string, and shapes URL patterns with the same rule.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LogFacets } from '../../shared/contract/logs.js';
import { UA_RULES } from '../../shared/logs/ua-family.js';
import { stdoutOf } from '../process.js';
import type { BenchCase } from './case.js';
import { logsFile } from './logs-data.js';

const LINES = 1_000_000;

/** A JS rule's pattern as a POSIX regular expression for mawk, matched against the lower-cased user agent. */
function awkRegex(re: RegExp): string {
  const src = re.source
    .replace(/\\\//g, '/')
    .replace(/\\d/g, '[0-9]')
    // Word boundaries: ERE has none; the rule ends at the word itself (the bench's agents do not tell them apart).
    .replace(/\\b/g, '')
    .toLowerCase();
  if (/\\[a-z]|\(\?|\{/.test(src)) throw new Error(`logs-facets: no mawk form for /${re.source}/`);
  return src;
}

const awkString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The mawk program (exported for a look at it by hand). */
export function program(): string {
  const rules = UA_RULES.map((r, k) => `re[${k + 1}] = ${awkString(awkRegex(r.pattern))}; fam[${k + 1}] = ${awkString(`${r.kind} · ${r.name}`)}`).join('\n  ');
  return `
BEGIN {
  ${rules}
  nre = ${UA_RULES.length}
}
function add(f, k, hit, counted) { key = f SUBSEP k; n[key]++; b[key] += $4; h[key] += hit; c[key] += counted }
function family(ua,   l, i) {
  if (ua in famc) return famc[ua]
  l = tolower(ua)
  for (i = 1; i <= nre; i++) if (l ~ re[i]) return famc[ua] = fam[i]
  return famc[ua] = (l ~ /^mozilla\\//) ? "browser · Other browser" : "other · Other"
}
function host(u,   rest, e) {
  if (!match(u, /^[A-Za-z][A-Za-z0-9+.-]*:\\/\\//)) return "(none)"
  rest = substr(u, RLENGTH + 1)
  e = match(rest, /[\\/?#]/)
  if (e > 0) rest = substr(rest, 1, e - 1)
  return rest == "" ? "(none)" : rest
}
function segment(s,   stem, tail, pre, lc) {
  tail = ""
  stem = s
  if (match(s, /\\.[A-Za-z][A-Za-z0-9]*$/) && RLENGTH <= 9) { stem = substr(s, 1, RSTART - 1); tail = substr(s, RSTART) }
  if (stem == "") return s
  if (stem ~ /^[0-9]+$/) return "{n}" tail
  lc = tolower(stem)
  if (length(lc) == 36 && lc ~ /^[0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+-[0-9a-f]+$/ && substr(lc, 9, 1) == "-" && substr(lc, 14, 1) == "-" && substr(lc, 19, 1) == "-" && substr(lc, 24, 1) == "-") return "{uuid}" tail
  if (length(lc) >= 8 && lc ~ /^[0-9a-f]+$/ && lc ~ /[0-9]/) return "{hex}" tail
  if (match(stem, /[0-9]+$/)) {
    pre = substr(stem, 1, RSTART - 1)
    if (pre ~ /^[A-Za-z]+[_-]?$/ && length(pre) - (pre ~ /[_-]$/ ? 1 : 0) >= 3) return pre "{n}" tail
  }
  return s
}
function pattern(u,   base, i, s, p, origin, path, parts, np, out) {
  if (u in patc) return patc[u]
  base = u
  i = index(base, "#"); if (i > 0) base = substr(base, 1, i - 1)
  i = index(base, "?"); if (i > 0) base = substr(base, 1, i - 1)
  s = index(base, "://")
  if (s > 0) { p = index(substr(base, s + 3), "/"); p = p > 0 ? s + 2 + p : 0 } else p = 1
  if (p == 0) return patc[u] = base
  origin = substr(base, 1, p - 1); path = substr(base, p)
  np = split(path, parts, "/")
  out = parts[1] == "" ? "" : segment(parts[1])
  for (i = 2; i <= np; i++) out = out "/" segment(parts[i])
  return patc[u] = origin out
}
{
  hit = ($1 == "HIT" || $1 == "STALE" || $1 == "UPDATING") ? 1 : 0
  counted = ($1 == "" || $1 == "BYPASS" || $1 == "-") ? 0 : 1
  add("cache", $1 == "" ? "(none)" : $1, hit, counted)
  add("status", $2 + 0, hit, counted)
  cls = int($2 / 100)
  add("statusClass", (cls >= 1 && cls <= 5) ? cls "xx" : "other", hit, counted)
  add("country", $12 == "-" ? "(none)" : toupper($12), hit, counted)
  add("pop", $9 == "-" ? "(none)" : $9, hit, counted)
  u = $8 == "-" ? "" : $8
  add("urlPattern", u == "" ? "(none)" : pattern(u), hit, counted)
  if (!(u in hostc)) hostc[u] = host(u)
  add("host", hostc[u], hit, counted)
  r = $7
  if (!(r in refc)) refc[r] = (r == "-" || r == "") ? "(none)" : host(r)
  add("refererHost", refc[r], hit, counted)
  add("uaFamily", $10 == "-" ? "(none)" : family($10), hit, counted)
}
END { for (key in n) { split(key, kk, SUBSEP); printf "%s\\t%s\\t%d\\t%.0f\\t%d\\t%d\\n", kk[1], kk[2], n[key], b[key], h[key], c[key] } }
`;
}

/** facet → key → [requests, bytes, hit ratio]. */
type Table = Map<string, Map<string, [number, number, number | null]>>;

async function mawk(file: string): Promise<{ ms: number; table: Table }> {
  const t0 = performance.now();
  const child = spawn('mawk', ['-F|', program(), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`mawk exited ${code}`);
  const table: Table = new Map();
  for (const line of out.trim().split('\n')) {
    const [facet, key, n, b, h, c] = line.split('\t');
    const m = table.get(facet!) ?? new Map();
    table.set(facet!, m);
    m.set(key!, [Number(n), Number(b), Number(c) === 0 ? null : Number(h) / Number(c)]);
  }
  return { ms, table };
}

function tableOf(f: LogFacets): Table {
  return new Map(f.facets.map((x) => [x.name, new Map(x.values.map((v) => [v.key, [v.requests, v.bytes, v.hitRatio] as [number, number, number | null]]))]));
}

/** The first difference between two tallies, in words; null when they agree. */
function difference(a: Table, b: Table): string | null {
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(name) ?? new Map();
    const y = b.get(name) ?? new Map();
    for (const key of new Set([...x.keys(), ...y.keys()])) {
      if (JSON.stringify(x.get(key)) !== JSON.stringify(y.get(key))) return `${name} ${JSON.stringify(key)}: ours ${JSON.stringify(x.get(key))}, mawk ${JSON.stringify(y.get(key))}`;
    }
  }
  return null;
}

export const logsFacets: BenchCase = {
  name: 'logs-facets-1m',
  needs: [],
  async run(ctx) {
    const file = await logsFile(ctx.root, ctx.smoke ? 20_000 : LINES);
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < ctx.rounds; i++) {
      const o = JSON.parse(await stdoutOf({ file: process.execPath, args: ['--import', 'tsx', join(ctx.root, 'bench/cases/logs-facets-child.ts'), file] })) as { ms: number; lines: number; malformed: number; facets: LogFacets };
      const p = await mawk(file);
      if (o.malformed !== 0) throw new Error(`logs-facets-1m: ${o.malformed} lines could not be read`);
      const diff = difference(tableOf(o.facets), p.table);
      if (diff !== null) throw new Error(`logs-facets-1m: the facets and mawk disagree: ${diff}`);
      ours.push(o.ms);
      peer.push(p.ms);
      ctx.log(`logs-facets-1m round ${i + 1}/${ctx.rounds}: ours ${o.ms.toFixed(0)} ms over ${o.facets.rows} rows, mawk ${p.ms.toFixed(0)} ms, results equal`);
    }
    return [{ name: 'logs-facets-1m', unit: 'ms', ours, peerName: 'mawk', peer, gate: { op: '<=', value: 1.0 } }];
  },
};
