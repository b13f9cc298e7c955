import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeCipher } from '../testing/fake-cipher.js';
import { SecretStore } from './secret-store.js';

const tmp = () => mkdtemp(join(tmpdir(), 'burrow-secrets-'));
const KEY = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee1234';

describe('SecretStore', () => {
  it('stores ciphertext tagged v1 with the backend, never the key in clear, and reads it back', async () => {
    const dir = await tmp();
    const store = await SecretStore.open(dir, new FakeCipher());
    expect(await store.set('p/account', KEY)).toEqual({ configured: true, hint: '1234', state: 'stored' });
    const file = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8'));
    expect(file.entries['p/account']).toEqual({ v: 1, backend: 'gnome_libsecret', data: expect.stringMatching(/^v1:/) });
    expect(JSON.stringify(file)).not.toContain(KEY);
    const again = await SecretStore.open(dir, new FakeCipher());
    expect(again.get('p/account')).toBe(KEY);
    expect(again.status('p/account')).toEqual({ configured: true, hint: '1234', state: 'stored' });
  });

  it('on basic_text writes nothing to disk without opt-in, and says so', async () => {
    const dir = await tmp();
    const store = await SecretStore.open(dir, new FakeCipher('basic_text'));
    expect(await store.set('p/account', KEY)).toMatchObject({ configured: true, state: 'session' });
    expect(store.get('p/account')).toBe(KEY);
    expect(await readdir(dir)).toEqual([]);
    expect(store.info()).toMatchObject({ backend: 'basic_text', weak: true, persistent: false, optedIn: false, message: expect.stringContaining('session') });
    const next = await SecretStore.open(dir, new FakeCipher('basic_text'));
    expect(next.get('p/account')).toBeNull();
  });

  it('with no encryption available keeps keys for the session only', async () => {
    const dir = await tmp();
    const store = await SecretStore.open(dir, new FakeCipher('whatever', false));
    await store.set('p/account', KEY);
    expect(await readdir(dir)).toEqual([]);
    expect(store.info()).toMatchObject({ persistent: false, weak: true });
    expect((await store.setOptIn(true)).persistent).toBe(false);
  });

  it('opting in on basic_text saves session keys; opting out removes them from disk but keeps them for the session', async () => {
    const dir = await tmp();
    const store = await SecretStore.open(dir, new FakeCipher('basic_text'));
    await store.set('p/account', KEY);
    expect(await store.setOptIn(true)).toMatchObject({ persistent: true, optedIn: true });
    expect(store.status('p/account').state).toBe('stored');
    expect((await SecretStore.open(dir, new FakeCipher('basic_text'))).get('p/account')).toBe(KEY);
    await store.setOptIn(false);
    expect(store.get('p/account')).toBe(KEY);
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).entries).toEqual({});
  });

  it('a changed backend asks for the key again and keeps the file untouched', async () => {
    const dir = await tmp();
    await (await SecretStore.open(dir, new FakeCipher('gnome_libsecret'))).set('p/account', KEY);
    const before = await readFile(join(dir, 'secrets.json'), 'utf8');
    const store = await SecretStore.open(dir, new FakeCipher('kwallet5'));
    expect(store.status('p/account')).toEqual({ configured: false, state: 'reenter' });
    expect(store.get('p/account')).toBeNull();
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).toBe(before);
    // Re-entering replaces that one entry under the new backend.
    await store.set('p/account', KEY);
    expect((await SecretStore.open(dir, new FakeCipher('kwallet5'))).get('p/account')).toBe(KEY);
  });

  it('a failed decrypt asks for the key again and keeps the file untouched', async () => {
    const dir = await tmp();
    await (await SecretStore.open(dir, new FakeCipher())).set('p/account', KEY);
    const before = await readFile(join(dir, 'secrets.json'), 'utf8');
    const store = await SecretStore.open(dir, new FakeCipher('gnome_libsecret', true, true));
    expect(store.status('p/account').state).toBe('reenter');
    await store.set('other/account', 'x'.repeat(10)).catch(() => {});
    const after = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8'));
    expect(after.entries['p/account']).toEqual(JSON.parse(before).entries['p/account']);
  });

  it.each([['an unknown shape', '{"v":7,"mystery":true}'], ['broken JSON', '{"v":1,"entries":{"p/acc']])(
    'never overwrites a key file it cannot read (%s): keeps it beside and asks for keys again',
    async (_what, content) => {
      const dir = await tmp();
      await writeFile(join(dir, 'secrets.json'), content);
      const store = await SecretStore.open(dir, new FakeCipher());
      expect(store.recovered).toMatch(/enter your keys again/);
      await store.set('p/account', KEY);
      const kept = (await readdir(dir)).filter((f) => f.startsWith('secrets.json.unreadable-'));
      expect(kept).toHaveLength(1);
      expect(await readFile(join(dir, kept[0]!), 'utf8')).toBe(content);
    },
  );

  it('keeps every key when many are set at once', async () => {
    const dir = await tmp();
    const store = await SecretStore.open(dir, new FakeCipher());
    await Promise.all(Array.from({ length: 12 }, (_, i) => store.set(`p/library/${i}`, `library-key-number-${i}`)));
    const again = await SecretStore.open(dir, new FakeCipher());
    for (let i = 0; i < 12; i++) expect(again.get(`p/library/${i}`)).toBe(`library-key-number-${i}`);
  });

  it('gives no hint for a short key', async () => {
    const store = await SecretStore.open(await tmp(), new FakeCipher());
    expect(await store.set('p/account', 'short-k1')).toEqual({ configured: true, state: 'stored' });
  });

  it('deletes by profile prefix and copies for duplicates', async () => {
    const store = await SecretStore.open(await tmp(), new FakeCipher());
    await store.set('a/account', 'k1-aaaa');
    await store.set('a/library/7', 'k2-bbbb');
    await store.set('ab/account', 'k3-cccc');
    await store.copy('a', 'c');
    expect(store.get('c/library/7')).toBe('k2-bbbb');
    await store.delete('a/');
    expect(store.get('a/account')).toBeNull();
    expect(store.get('a/library/7')).toBeNull();
    expect(store.get('ab/account')).toBe('k3-cccc');
    expect(store.knownSecrets().sort()).toEqual(['k1-aaaa', 'k2-bbbb', 'k3-cccc'].sort());
  });
});
