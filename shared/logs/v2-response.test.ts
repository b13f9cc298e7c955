import { describe, expect, it } from 'vitest';
import { readLogPage } from './v2-response.js';

const pagination = { offset: 0, limit: 10, returned: 2, hasMore: false };

describe('the rows of a v2 page that could not be read', () => {
  it('keep no visitor Authorization header nor any credential-named member in their sample', () => {
    const bad = {
      timestamp: 'yesterday',
      pullZoneId: 1,
      statusCode: 200,
      bytesSent: 1,
      authorizationHeader: 'Bearer VISITORSECRET123',
      extra: { apiKey: 'NESTEDKEY456', Password: 'hunter2hunter2', note: 'kept' },
      accessToken: 'TOKEN789',
    };
    const basic = { ...bad, timestamp: 'later', authorizationHeader: 'Basic dXNlcjpWSVNJVE9SUEFTUw==', accessToken: null };
    const r = readLogPage({ data: [bad, basic], pagination, query: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.page.skipped).toBe(2);
    const texts = r.page.skippedRows.map((x) => x.text);
    for (const t of texts) {
      expect(t).not.toMatch(/VISITORSECRET123|dXNlcjpWSVNJVE9SUEFTUw|NESTEDKEY456|hunter2|TOKEN789/);
    }
    expect(texts[0]).toContain('"authorizationHeader":"Bearer ••••••••"');
    expect(texts[0]).toContain('"note":"kept"');
    expect(texts[1]).toContain('"authorizationHeader":"Basic ••••••••"');
    expect(texts[1]).toContain('"accessToken":null');
  });
});
