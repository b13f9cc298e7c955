import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from '../testing/core-harness.js';

const open: Harness[] = [];
async function core(options?: Parameters<typeof startCore>[0]) {
  const h = await startCore(options);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.core.close()));
});

type AppList = { items: { id: string; name: string }[] };

/** Creates an application in the embedded sandbox, as another client of the account would. */
async function makeApp(h: Harness, name: string): Promise<string> {
  const s = (await h.core.embeddedSandbox())!;
  const res = await fetch(`${s.containersUrl}/apps`, {
    method: 'POST',
    headers: { AccessKey: s.accountKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name, runtimeType: 'Shared', autoScaling: { min: 1, max: 1 }, regionSettings: {} }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('the embedded sandbox', () => {
  it('still has what was made in it after the app restarts', async () => {
    const h = await core();
    const id = await makeApp(h, 'survivor');
    await h.core.close();
    open.pop();

    const again = await core({ dataDir: h.dataDir, cipher: h.cipher });
    const list = await again.call<AppList>('apps.list', {});
    expect(list.items).toContainEqual(expect.objectContaining({ id, name: 'survivor' }));
  });

  it('sandbox.reset forgets everything made in it, on disk too, keeps its address, and tells every window', async () => {
    const h = await core();
    await makeApp(h, 'doomed');
    const before = (await h.core.embeddedSandbox())!.apiUrl;
    expect((await h.call<AppList>('apps.list', {})).items.map((a) => a.name)).toContain('doomed');

    expect(await h.call('settings.resetSandbox')).toEqual({ reset: true });
    expect((await h.call<AppList>('apps.list', {})).items).toEqual([]);
    expect((await h.core.embeddedSandbox())!.apiUrl).toBe(before);
    expect(h.events.some((e) => e.event === 'settings.changed')).toBe(true);

    // Nothing of the old account comes back with the next start.
    await h.core.close();
    open.pop();
    expect(existsSync(join(h.dataDir, 'sandbox', 'sandbox-state.json'))).toBe(false);
    const again = await core({ dataDir: h.dataDir, cipher: h.cipher });
    expect((await again.call<AppList>('apps.list', {})).items).toEqual([]);
  });
});
