/**
 * `burrow logs --facets`: instead of the rows, each facet's top values over the rows the same filters pick (from a
 * zone's pages, a day or a file), counted by the core (`logs.facets`, or a `logs.page` walk): requests, share,
 * bytes, hit ratio, and the filter text that picks the value. A table on a terminal, NDJSON (one value a line)
 * otherwise. Values are what requesters sent (URLs, hosts, referrers), so they are escaped on a terminal.
 */
import type { LogFacets } from '../shared/contract/logs.js';
import { formatBytes } from '../shared/common/display.js';
import type { CliIo } from './io.js';
import type { LogFormat } from './logs-args.js';
import { escapeForTerminal, shownOn } from './output.js';

/** How each facet is titled in the table. */
const TITLES: Readonly<Record<LogFacets['facets'][number]['name'], string>> = {
  cache: 'Cache status',
  statusClass: 'Status class',
  status: 'Status code',
  country: 'Country',
  pop: 'Edge location (POP)',
  urlPattern: 'URL pattern',
  host: 'Host',
  refererHost: 'Referrer host',
  uaFamily: 'User-agent family',
};

const KEY_WIDTH = 48;
const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)} %`);

/** The facets as table lines: a title per facet, then its values with requests, share, bytes and hit ratio. */
export function facetsTable(f: LogFacets): string {
  const out: string[] = [];
  for (const facet of f.facets) {
    const more = facet.distinct > facet.values.length ? `, top ${facet.values.length} of ${facet.distinct}` : '';
    out.push(`${TITLES[facet.name]} (${facet.distinct} value${facet.distinct === 1 ? '' : 's'}${more})`);
    out.push(`  ${'Value'.padEnd(KEY_WIDTH)}  ${'Requests'.padStart(10)}  ${'Share'.padStart(7)}  ${'Bytes'.padStart(10)}  ${'Hit ratio'.padStart(9)}`);
    for (const v of facet.values) {
      const shown = escapeForTerminal(v.key, { oneLine: true });
      const key = shown.length > KEY_WIDTH ? `${shown.slice(0, KEY_WIDTH - 1)}…` : shown;
      out.push(`  ${key.padEnd(KEY_WIDTH)}  ${String(v.requests).padStart(10)}  ${pct(v.share).padStart(7)}  ${formatBytes(v.bytes).padStart(10)}  ${pct(v.hitRatio).padStart(9)}`);
    }
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

/** The facets as NDJSON: one object per value, `facet` naming its facet. */
export function facetsNdjson(f: LogFacets): string {
  return f.facets.flatMap((facet) => facet.values.map((v) => `${JSON.stringify({ facet: facet.name, ...v })}\n`)).join('');
}

/** Writes the facets: NDJSON when asked for, else the row count and the table. */
export function writeFacets(io: CliIo, format: LogFormat, f: LogFacets): void {
  if (format === 'ndjson') io.stdout.write(shownOn(io.stdout, facetsNdjson(f)));
  else io.stdout.write(`${f.rows} row${f.rows === 1 ? '' : 's'}\n\n${facetsTable(f)}`);
}
