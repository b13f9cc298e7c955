import { describe, expect, it } from 'vitest';
import { appStatusKey, readApplication, readAppListItem, readListPage, readRegion, readRegistry, unreadableText } from './platform-answers.js';

describe('Magic Containers answers, read liberally', () => {
  it('reads an app list whose items leave out, null or add members, and keeps an unknown status as sent', () => {
    const page = readListPage(
      {
        items: [
          { id: 'a1', name: 'Shop', status: 'HIBERNATING', description: null, displayEndpoint: null, region: 'DE' },
          { id: 'a2' },
          { id: 'a3', name: null, status: 'Progressing', displayEndpoint: { id: 'e', address: null, type: 'someNewKind' } },
        ],
        meta: null,
        cursor: null,
        nextPageHint: 3,
      },
      readAppListItem,
    );
    expect('error' in page).toBe(false);
    if ('error' in page) return;
    expect(page.items.map((a) => [a.id, a.name, a.status])).toEqual([
      ['a1', 'Shop', 'HIBERNATING'],
      ['a2', 'a2', null],
      ['a3', 'a3', 'Progressing'],
    ]);
    expect(page.items[0]!.region).toBe('DE');
    expect(page.items[2]!.displayEndpoint).toEqual({ id: 'e', address: null, type: 'someNewKind' });
    expect(page.unreadable).toEqual({ count: 0, reason: null });
    expect(page.totalItems).toBeNull();
  });

  it('skips and counts the items that cannot be used, with the first reason, and keeps the others', () => {
    const page = readListPage({ items: [{ id: 'ok', name: 'Fine' }, { name: 'no id' }, 7, { id: { x: 1 } }], meta: { totalItems: 4 }, cursor: 'c2' }, readAppListItem);
    if ('error' in page) throw new Error(page.error);
    expect(page.items.map((a) => a.id)).toEqual(['ok']);
    expect(page.unreadable).toEqual({ count: 3, reason: 'item 2: it has no id' });
    expect(unreadableText(page.unreadable, 'app')).toBe('3 apps could not be read: item 2: it has no id');
    expect(unreadableText({ count: 1, reason: 'item 1: it is number, not an app' }, 'app')).toBe('1 app could not be read: item 1: it is number, not an app');
    expect(page).toMatchObject({ totalItems: 4, cursor: 'c2' });
  });

  it('a page without items is an empty page; only a page that is no object or whose items are no list fails', () => {
    expect(readListPage({}, readRegion)).toEqual({ items: [], unreadable: { count: 0, reason: null }, totalItems: null, cursor: null });
    expect(readListPage({ items: null }, readRegion)).toMatchObject({ items: [] });
    expect(readListPage([], readRegion)).toEqual({ error: 'The answer is a list, not a list page.' });
    expect(readListPage({ items: 'x' }, readRegion)).toEqual({ error: 'Its items are string, not a list.' });
  });

  it('an application with nulls, unknown enum values and a missing id is still the app that was asked for', () => {
    const r = readApplication({ name: 'Shop', status: 'REBOOTING', runtimeType: 'SHARED', regionSettings: null, extra: [1] }, 'ask1');
    expect(r).toEqual({ ok: true, value: { id: 'ask1', name: 'Shop', status: 'REBOOTING', runtimeType: 'SHARED', regionSettings: null, extra: [1] } });
    expect(readApplication(null, 'ask1')).toEqual({ ok: false, reason: 'the answer is null, not an app' });
  });

  it('regions and registries: names fall back to the id, the stored password symbols are not kept', () => {
    expect(readRegion({ id: 'DE', name: null, hasCapacity: null, colour: 'blue' })).toEqual({
      ok: true,
      value: { id: 'DE', name: 'DE', group: null, hasAnycastSupport: null, hasCapacity: null },
    });
    const reg = readRegistry({ id: 9007199254740991, displayName: null, hostName: 'ghcr.io', firstPasswordSymbols: 'abc', lastPasswordSymbols: 'xyz', createdAt: '2024-01-01T00:00:00' });
    expect(reg).toEqual({ ok: true, value: { id: 9007199254740991, displayName: 'Registry 9007199254740991', hostName: 'ghcr.io', isPublic: null } });
    expect(readRegistry({ displayName: 'No id' })).toEqual({ ok: false, reason: 'it has no id' });
  });

  it('status classes: known statuses in any letter case by name, any other as other', () => {
    expect(appStatusKey('ACTIVE')).toBe('active');
    expect(appStatusKey('progressing')).toBe('progressing');
    expect(appStatusKey('x" onclick')).toBe('other');
    expect(appStatusKey(null)).toBe('unknown');
  });
});
