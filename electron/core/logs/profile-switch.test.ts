/** A profile switch ends the logs sessions that read the old profile's platform; a log file from disk stays open. */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogsStatus } from '../../../shared/contract/logs.js';
import type { ProfileView } from '../../../shared/settings/profiles.js';
import { startCore, type Harness } from '../testing/core-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  if (h) await rm(h.dataDir, { recursive: true, force: true });
  h = undefined;
});

describe('a profile switch', () => {
  it('ends the zone sessions and live tails of the old profile, so none is read or fetched again, and keeps a file session', async () => {
    h = await startCore();
    const { zones } = await h.call<{ zones: { id: number; loggingEnabled: boolean }[] }>('logs.zones');
    const zoneId = zones.find((z) => z.loggingEnabled)!.id;
    const zone = await h.call<LogsStatus>('logs.open', { source: { kind: 'zone', zoneId, range: { kind: 'preset', preset: '15m' } }, filter: '' });
    const tail = await h.call<{ sessionId: string }>('logs.tail', { zoneId, filter: '' });
    const path = join(h.dataDir, 'cdn.log');
    await writeFile(path, '');
    const dropped = await h.core.invokeWithFiles([path], 'files.list', {});
    if (!dropped.ok) throw new Error(dropped.error.title);
    const file = await h.call<LogsStatus>('logs.open', { source: { kind: 'file', token: (dropped.value as { files: { token: string }[] }).files[0]!.token }, filter: '' });

    // Activating the same profile again is no switch: every session stays.
    const list = await h.call<{ activeId: string }>('settings.profiles');
    await h.call('settings.activateProfile', { id: list.activeId });
    await h.call('logs.window', { sessionId: zone.sessionId, offset: 0, count: 10, sort: { key: 'time', dir: 'desc' } });

    const other = await h.call<ProfileView>('settings.createProfile', { name: 'Production' });
    await h.call('settings.activateProfile', { id: other.id });

    for (const [method, input] of [
      ['logs.window', { sessionId: zone.sessionId, offset: 0, count: 10, sort: { key: 'time', dir: 'desc' } }],
      ['logs.loadMore', { sessionId: zone.sessionId }],
      ['logs.window', { sessionId: tail.sessionId, offset: 0, count: 10 }],
    ] as const) {
      const r = await h.core.invoke(method, input);
      expect(r.ok, method).toBe(false);
      if (!r.ok) expect(r.error.kind, method).toBe('not_found');
    }
    expect((await h.core.invoke('logs.window', { sessionId: file.sessionId, offset: 0, count: 10, sort: { key: 'time', dir: 'desc' } })).ok).toBe(true);
  });
});
