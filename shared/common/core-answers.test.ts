import { describe, expect, it } from 'vitest';
import { readCoreList, readPullZone, readVideoLibrary } from './core-answers.js';

describe('core pull zones and libraries, read liberally', () => {
  it('a plain array or a page with Items (null: none); a zone without an Id is counted with the reason', () => {
    const zones = readCoreList([{ Id: 1, Name: null, Hostnames: [{ Value: null }, { Value: 'a.b-cdn.net', IsSystemHostname: true }], New: 1 }, { Name: 'x' }, null], readPullZone);
    expect(zones).toEqual({
      items: [{ id: 1, name: 'Zone 1', loggingEnabled: false, hostnames: [{ value: 'a.b-cdn.net', isSystemHostname: true }] }],
      unreadable: { count: 2, reason: 'item 2: the pull zone has no Id' },
    });
    expect(readCoreList({ Items: null, HasMoreItems: false }, readVideoLibrary)).toEqual({ items: [], unreadable: { count: 0, reason: null } });
    expect(readCoreList('nope', readVideoLibrary)).toEqual({ error: 'The answer is string, not a list.' });
  });

  it('one zone or library asked for by id is read even when the answer leaves its Id out', () => {
    expect(readVideoLibrary({ Name: null, ApiKey: '', PullZoneId: 0 }, 9)).toEqual({ ok: true, value: { id: 9, name: 'Library 9', apiKey: null, pullZoneId: null } });
    expect(readPullZone({ Id: 1.5 })).toEqual({ ok: false, reason: "the pull zone's Id is 1.5, not a whole number" });
  });
});
