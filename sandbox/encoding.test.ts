/** Request bodies with a Content-Encoding: gzip and deflate are decoded under the same size limit, others refused. */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fullApp } from './apps/testing/harness.js';
import { startSandbox, type Sandbox } from './server.js';

const open: Sandbox[] = [];
async function start(): Promise<Sandbox> {
  const s = await startSandbox({ liveTraffic: false });
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

interface Reply {
  readonly status: number;
  readonly json: unknown;
}

async function post(url: string, key: string, body: Buffer, encoding?: string): Promise<Reply> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { AccessKey: key, 'content-type': 'application/json', ...(encoding !== undefined ? { 'content-encoding': encoding } : {}) },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** 10 MB of zeros: about 10 kB on the wire, ten times every JSON route's limit once decoded. */
const BOMB = gzipSync(Buffer.alloc(10 * 1000 * 1000));

describe('Content-Encoding of request bodies', () => {
  it('accepts gzip and deflate bodies on the create routes of every area', async () => {
    const s = await start();
    const lib = s.libraries[0]!;
    const zone = await post(`${s.apiUrl}/dnszone`, s.accountKey, gzipSync(json({ Domain: 'gzipped.example' })), 'gzip');
    expect(zone.status).toBe(201);
    expect(zone.json).toMatchObject({ Domain: 'gzipped.example' });
    const app = await post(`${s.containersUrl}/apps`, s.accountKey, gzipSync(json(fullApp())), 'gzip');
    expect(app.status).toBe(201);
    expect(app.json).toEqual({ id: expect.any(String) });
    const video = await post(`${s.videoUrl}/library/${lib.id}/videos`, lib.key, deflateSync(json({ title: 'deflated' })), 'deflate');
    expect([video.status, (video.json as { title: string }).title]).toEqual([200, 'deflated']);
    // Raw deflate (no zlib wrapper), as some clients send it, and the x-gzip alias.
    const raw = await post(`${s.videoUrl}/library/${lib.id}/videos`, lib.key, deflateRawSync(json({ title: 'raw' })), 'deflate');
    expect(raw.status).toBe(200);
    expect((await post(`${s.apiUrl}/dnszone`, s.accountKey, gzipSync(json({ Domain: 'alias.example' })), 'x-gzip')).status).toBe(201);
    expect((await post(`${s.apiUrl}/dnszone`, s.accountKey, json({ Domain: 'plain.example' }), 'identity')).status).toBe(201);
    const rule = await post(`${s.apiUrl}/__admin/faults`, s.accountKey, gzipSync(json({ path: '/x', action: { kind: 'delay', ms: 1 } })), 'gzip');
    expect(rule.status).toBe(201);
  });

  it('answers 413 to a gzip bomb (the limit applies to the decoded bytes) and keeps serving', async () => {
    const s = await start();
    const lib = s.libraries[0]!;
    expect(BOMB.length).toBeLessThan(64 * 1024);
    const targets: [string, string][] = [
      [`${s.apiUrl}/dnszone`, s.accountKey],
      [`${s.containersUrl}/apps`, s.accountKey],
      [`${s.videoUrl}/library/${lib.id}/videos`, lib.key],
      [`${s.apiUrl}/__admin/faults`, s.accountKey],
    ];
    for (const [url, key] of targets) expect((await post(url, key, BOMB, 'gzip')).status, url).toBe(413);
    const zones = await fetch(`${s.apiUrl}/dnszone`, { headers: { AccessKey: s.accountKey } });
    expect(zones.status).toBe(200);
  });

  it('answers 415 to any other coding, and 400 to a body that does not decode', async () => {
    const s = await start();
    const lib = s.libraries[0]!;
    const brotli = brotliCompressSync(json({ Domain: 'br.example' }));
    const br = await post(`${s.apiUrl}/dnszone`, s.accountKey, brotli, 'br');
    expect(br.status).toBe(415);
    expect(br.json).toMatchObject({ ErrorKey: 'request.unsupported_encoding' });
    expect((await post(`${s.containersUrl}/apps`, s.accountKey, brotli, 'br')).status).toBe(415);
    expect((await post(`${s.videoUrl}/library/${lib.id}/videos`, lib.key, brotli, 'br')).status).toBe(415);
    expect((await post(`${s.apiUrl}/__admin/faults`, s.accountKey, brotli, 'compress')).status).toBe(415);
    expect((await post(`${s.apiUrl}/dnszone`, s.accountKey, gzipSync(gzipSync(json({ Domain: 'two.example' }))), 'gzip, gzip')).status).toBe(201);
    expect((await post(`${s.apiUrl}/dnszone`, s.accountKey, json({ Domain: 'x.example' }), 'gzip')).status).toBe(400);
    // An upload is stored byte for byte: it takes no coding at all.
    const created = await post(`${s.videoUrl}/library/${lib.id}/videos`, lib.key, json({ title: 'upload' }));
    const guid = (created.json as { guid: string }).guid;
    const put = await fetch(`${s.videoUrl}/library/${lib.id}/videos/${guid}`, {
      method: 'PUT',
      headers: { AccessKey: lib.key, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(1000)),
    });
    expect(put.status).toBe(415);
    expect((await fetch(`${s.apiUrl}/dnszone`, { headers: { AccessKey: s.accountKey } })).status).toBe(200);
  });
});
