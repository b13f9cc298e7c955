/** The views, request lookup and link inbox handlers, through the logs area, against the sandbox's logs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogsStatus } from '../../../shared/contract/logs.js';
import { startSandbox, type Sandbox } from '../../../sandbox/server.js';
import { createPlatformClient } from '../platform/client.js';
import { endpointsOf, fixedCredentials } from '../platform/testing/support.js';
import type { PlatformClient } from '../platform/types.js';
import { createLogsArea, type LogsArea } from './index.js';
import { createRateBudget } from './v2/rate-budget.js';

let sandbox: Sandbox;
let client: PlatformClient;
let area: LogsArea;
let profile = 'first';
const events: { name: string; payload: unknown }[] = [];
const dir = mkdtempSync(join(tmpdir(), 'burrow-logs-views-'));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  client = createPlatformClient({ endpoints: () => endpointsOf(sandbox), credentials: fixedCredentials({ accountKey: sandbox.accountKey }), userAgent: 'Burrow/0.0.0-test', env: {} });
  area = createLogsArea({
    bus: { emit: (name, payload) => events.push({ name, payload }) },
    dialogs: { openFiles: async () => [], saveFile: async () => null },
    client: async () => client,
    pathOf: () => undefined,
    register: async () => ({ token: 't', name: 'n' }),
    budget: createRateBudget(),
    views: { dataDir: dir, activeProfileId: () => profile },
  });
});
afterAll(async () => {
  area.close();
  await client.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('logs views handlers', () => {
  it('save, list, rename and delete views of the active profile', async () => {
    const h = area.handlers;
    const saved = await h['logs.viewSave']({ zoneId: 5, name: 'Errors', filter: 'status:5xx' }, {});
    await h['logs.viewSave']({ zoneId: 5, name: 'Misses', filter: 'CACHE:miss   -country:de' }, {});
    await expect(h['logs.viewSave']({ zoneId: 5, name: 'errors', filter: 'x' }, {})).rejects.toMatchObject({ error: { fieldErrors: { name: 'This zone already has a view named "errors"' } } });
    await h['logs.viewRename']({ zoneId: 5, id: saved.id, name: 'Server errors' }, {});
    // Listed in the canonical text a session's status reports for the same filter.
    expect((await h['logs.views']({ zoneId: 5 }, {})).views.map((v) => [v.name, v.filter])).toEqual([['Misses', 'cache:MISS -country:DE'], ['Server errors', 'status:5xx']]);
    // Another profile (another account) has its own.
    profile = 'second';
    expect((await h['logs.views']({ zoneId: 5 }, {})).views).toEqual([]);
    profile = 'first';
    await h['logs.viewDelete']({ zoneId: 5, id: saved.id }, {});
    expect((await h['logs.views']({ zoneId: 5 }, {})).views.map((v) => v.name)).toEqual(['Misses']);
  });

  it('find a loaded row by its request id in the sort asked for', async () => {
    const h = area.handlers;
    const zoneId = sandbox.pullZones.find((z) => z.loggingEnabled)!.id;
    const opened = await h['logs.open']({ source: { kind: 'zone', zoneId, range: { kind: 'preset', preset: '1h' } }, filter: '' }, {});
    await vi.waitFor(() => {
      const last = events.filter((e) => e.name === 'logs.status').map((e) => e.payload as LogsStatus).at(-1);
      expect(last?.phase).toBe('idle');
    }, { timeout: 20_000 });
    const sort = { key: 'bytes', dir: 'asc' } as const;
    const { rows } = await h['logs.window']({ sessionId: opened.sessionId, offset: 7, count: 1, sort }, {});
    const requestId = rows[0]!.requestId!;
    expect(await h['logs.findRequest']({ sessionId: opened.sessionId, requestId, sort }, {})).toEqual({ index: 7 });
    expect(await h['logs.findRequest']({ sessionId: opened.sessionId, requestId: '0'.repeat(32), sort }, {})).toEqual({ index: null });
    await h['logs.close']({ sessionId: opened.sessionId }, {});
  });

  it('keep a delivered link until it is taken, once, and announce it', async () => {
    const h = area.handlers;
    expect(await h['logs.linkPending']({}, {})).toEqual({ pending: false });
    await h['logs.linkDeliver']({ url: 'burrow://logs?zone=1' }, {});
    await h['logs.linkDeliver']({ url: 'burrow://logs?zone=2' }, {});
    expect(events.filter((e) => e.name === 'logs.link').length).toBe(2);
    expect(await h['logs.linkPending']({}, {})).toEqual({ pending: true });
    expect(await h['logs.linkTake']({}, {})).toEqual({ url: 'burrow://logs?zone=2' });
    expect(await h['logs.linkTake']({}, {})).toEqual({ url: null });
  });
});
