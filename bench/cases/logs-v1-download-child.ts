/**
 * The measured side of `logs-v1-download`, in a fresh process: `download <loggingUrl> <accountKey> <day> <now>`
 * opens a whole-day session through the core's logs area exactly as the app does (the platform client, the rate
 * budget, the rows worker) and times it from the open to the last row parsed; `parse <file>` times the same parser
 * reading the file from disk alone. Module loading and the worker's start are before the clock. Prints JSON.
 */
import { createLogsArea, createRateBudget, workerRows, parseV1File } from '../../electron/core/logs/index.js';
import { createPlatformClient } from '../../electron/core/platform/client.js';

const NO_CEILING = { maxRows: Infinity, maxBytes: Infinity };
import type { LogsStatus } from '../../shared/contract/logs.js';

const [mode, ...args] = process.argv.slice(2);
const rssMiB = () => process.resourceUsage().maxRSS / 1024;

if (mode === 'parse') {
  const t0 = performance.now();
  // The case measures the parser and the store over every line: the app's rows ceiling does not apply.
  const r = await parseV1File(args[0]!, { ceiling: NO_CEILING });
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ms, lines: r.lines, rows: r.store.length, rss: rssMiB() }));
} else if (mode === 'download') {
  const [url, key, day, now, worker] = args as [string, string, string, string, string];
  const client = createPlatformClient({
    endpoints: () => ({ apiUrl: 'http://127.0.0.1:9', containersUrl: 'http://127.0.0.1:9', videoUrl: 'http://127.0.0.1:9', loggingUrl: url }),
    credentials: { accountKey: async () => key, libraryKey: async () => null, logging: async () => ({ kind: 'accessKey' }) },
    userAgent: 'Burrow/bench',
    env: {},
  });
  // The rows worker as the app runs it: the built bundle (dist-electron/logsworker.cjs).
  const rows = workerRows(worker);
  // The worker is started (and its modules loaded) before the clock, as the app has it running already.
  const warm = rows.open();
  await warm.call('setLocal', [[]]);
  warm.close();
  let settle: (s: LogsStatus) => void = () => undefined;
  const done = new Promise<LogsStatus>((resolve) => (settle = resolve));
  let id = '';
  const area = createLogsArea({
    bus: {
      emit: (name, payload) => {
        const s = payload as LogsStatus;
        if (name === 'logs.status' && s.sessionId === id && s.phase !== 'loading') settle(s);
      },
    },
    dialogs: { openFiles: async () => [], saveFile: async () => null },
    client: async () => client,
    pathOf: () => undefined,
    register: async () => ({ token: '', name: '' }),
    now: () => Number(now),
    budget: createRateBudget(),
    rows,
  });
  // The process's resident memory with the worker running and nothing loaded, for the log.
  const before = process.memoryUsage().rss / 2 ** 20;
  const t0 = performance.now();
  const opened = await area.handlers['logs.open']({ source: { kind: 'day', zoneId: 1004747, day, timeZone: 'UTC' }, filter: '' }, {} as never);
  id = opened.sessionId;
  const st = await done;
  const ms = performance.now() - t0;
  if (st.phase !== 'idle') throw new Error(`the day did not load: ${JSON.stringify(st.error)}`);
  process.stdout.write(JSON.stringify({ ms, lines: st.file?.lines, rows: st.loadedRows, bytes: st.file?.bytesRead, rss: rssMiB(), before }));
  area.close();
  await client.close();
} else {
  throw new Error(`unknown mode ${mode}`);
}
