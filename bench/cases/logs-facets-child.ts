/**
 * Child of `logs-facets-1m`, a fresh process each time: reads the file into the rows worker the app uses (not
 * timed), then asks that worker for every facet over all rows and times the call from here (the message there, the
 * counting, the answer back). Prints the time and the facets.
 */
import { workerRows } from '../../electron/core/logs/index.js';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: logs-facets-child.ts <file>');
  const host = workerRows(new URL('../../electron/core/logs/rows/rows-worker.ts', import.meta.url));
  const rows = host.open();
  // The bench needs every line to compare, whatever the app's rows ceiling.
  const loaded = await rows.call('loadFile', [file, { ceiling: { maxRows: Infinity, maxBytes: Infinity } }]);
  const t0 = performance.now();
  // Every value of every facet, so the answer can be compared with mawk's whole tally.
  const facets = await rows.call('facets', [{ limit: 100_000 }, false]);
  const ms = performance.now() - t0;
  rows.close();
  host.close();
  process.stdout.write(JSON.stringify({ ms, lines: loaded.lines, malformed: loaded.malformed, facets }));
}

await main();
