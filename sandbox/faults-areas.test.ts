import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { fullApp } from './apps/testing/harness.js';
import { startSandbox, type Sandbox } from './server.js';
import { tusSignature } from './videos/index.js';

let s: Sandbox;
afterEach(async () => {
  await s.close();
});

interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function raw(url: string, method: string, headers: Record<string, string>, body?: Buffer | string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers: { ...headers, 'content-length': String(body === undefined ? 0 : Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('close', () => (res.complete ? resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }) : reject(new Error('premature close'))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const RESET = /ECONNRESET|socket hang up|premature close|aborted|EPIPE/;

describe('faults against the other areas', () => {
  it('reset-after-body-bytes cuts a TUS PATCH: at most N bytes are stored and the upload resumes', async () => {
    s = await startSandbox({ liveTraffic: false, processingStepMs: 10 });
    const lib = s.libraries[0]!;
    const created = await raw(`${s.videoUrl}/library/${lib.id}/videos`, 'POST', { AccessKey: lib.key, 'content-type': 'application/json' }, '{"title":"cut"}');
    const videoId = (JSON.parse(created.body) as { guid: string }).guid;
    const expire = Math.floor(Date.now() / 1000) + 3600;
    const tus = {
      'Tus-Resumable': '1.0.0',
      AuthorizationSignature: tusSignature(lib.id, lib.key, expire, videoId),
      AuthorizationExpire: String(expire),
      LibraryId: String(lib.id),
      VideoId: videoId,
    };
    const file = Buffer.alloc(1_000_000, 7);
    const upload = await raw(`${s.videoUrl}/tusupload`, 'POST', { ...tus, 'Upload-Length': String(file.length) });
    expect(upload.status).toBe(201);
    const location = String(upload.headers.location);

    s.faults.add({ method: 'PATCH', path: `${new URL(location).pathname}`, action: { kind: 'reset-after-body-bytes', bytes: 300_000 } });
    const patchHeaders = { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
    await expect(raw(location, 'PATCH', patchHeaders, file)).rejects.toThrow(RESET);

    const state = await raw(location, 'HEAD', tus);
    const offset = Number(state.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(300_000);
    const rest = await raw(location, 'PATCH', { ...patchHeaders, 'Upload-Offset': String(offset) }, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(file.length));
  });

  it('commit-then-reset on create video: the response is lost, exactly one video exists', async () => {
    s = await startSandbox({ liveTraffic: false, processingStepMs: 10 });
    const lib = s.libraries[1]!;
    s.faults.add({ method: 'POST', path: `/video/library/${lib.id}/videos`, action: { kind: 'commit-then-reset' } });
    const headers = { AccessKey: lib.key, 'content-type': 'application/json' };
    await expect(raw(`${s.videoUrl}/library/${lib.id}/videos`, 'POST', headers, '{"title":"job-7f3a"}')).rejects.toThrow(RESET);
    const listed = await raw(`${s.videoUrl}/library/${lib.id}/videos?search=job-7f3a`, 'GET', { AccessKey: lib.key });
    const items = (JSON.parse(listed.body) as { items: { title: string }[] }).items.filter((v) => v.title === 'job-7f3a');
    expect(items).toHaveLength(1);
  });
});

describe('fault rules on every Magic Containers operation of an app', () => {
  it('a status rule answers in place of each operation, once, and the app is left as it was', async () => {
    s = await startSandbox({ liveTraffic: false, realism: false, appTransitionMs: 0 });
    const headers = { AccessKey: s.accountKey, 'content-type': 'application/json' };
    const created = await raw(`${s.containersUrl}/apps`, 'POST', headers, JSON.stringify(fullApp()));
    const id = (JSON.parse(created.body) as { id: string }).id;
    const app = async () => JSON.parse((await raw(`${s.containersUrl}/apps/${id}`, 'GET', headers)).body) as { status: string; containerTemplates: { id: string; endpoints: { id: string }[] }[] };
    const before = await app();
    const cid = before.containerTemplates[0]!.id;
    const eid = before.containerTemplates[0]!.endpoints[0]!.id;
    const operations: [string, string, string?][] = [
      ['PUT', `/apps/${id}`, JSON.stringify(fullApp())],
      ['PATCH', `/apps/${id}`, '{"name":"x"}'],
      ['POST', `/apps/${id}/deploy`],
      ['POST', `/apps/${id}/undeploy`],
      ['POST', `/apps/${id}/restart`],
      ['GET', `/apps/${id}/overview`],
      ['GET', `/apps/${id}/summary`],
      ['GET', `/apps/${id}/statistics?fromDate=2026-01-01T00:00:00Z&granularity=Daily`],
      ['GET', `/apps/${id}/autoscaling`],
      ['PUT', `/apps/${id}/autoscaling`, '{"min":2,"max":2}'],
      ['GET', `/apps/${id}/region-settings`],
      ['PUT', `/apps/${id}/region-settings`, '{"allowedRegionIds":["NY"],"requiredRegionIds":["NY"]}'],
      ['POST', `/apps/${id}/containers`, JSON.stringify({ name: 'w', imageName: 'busybox', imageNamespace: 'library', imageTag: '1', imageRegistryId: '1' })],
      ['GET', `/apps/${id}/containers/${cid}`],
      ['PATCH', `/apps/${id}/containers/${cid}`, '{"imageTag":"2"}'],
      ['DELETE', `/apps/${id}/containers/${cid}`],
      ['PUT', `/apps/${id}/containers/${cid}/env`, '{}'],
      ['GET', `/apps/${id}/endpoints`],
      ['POST', `/apps/${id}/containers/${cid}/endpoints`, '{"displayName":"more"}'],
      ['PUT', `/apps/${id}/endpoints/${eid}`, '{"displayName":"renamed"}'],
      ['DELETE', `/apps/${id}/endpoints/${eid}`],
      ['GET', `/apps/${id}/volumes`],
      ['PATCH', `/apps/${id}/volumes/data`, '{"size":9}'],
      ['DELETE', `/apps/${id}/volumes/data`],
      ['POST', `/apps/${id}/volumes/data/detach`],
      ['DELETE', `/apps/${id}/volumes/data/instances/any`],
      ['POST', `/apps/${id}/pods/any/recreate`],
      ['GET', '/nodes'],
      ['GET', '/nodes/plain'],
    ];
    for (const [method, path, body] of operations) {
      const pathOnly = `/mc${path.split('?')[0]}`;
      s.faults.add({ method, path: pathOnly, action: { kind: 'status', status: 503, body: { title: 'Service Unavailable', status: 503 } } });
      const res = await raw(`${s.containersUrl}${path}`, method, headers, body);
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(s.faults.list(), `${method} ${path}`).toEqual([]);
    }
    expect(await app()).toEqual(before);
    // Without a rule the operations answer again.
    expect((await raw(`${s.containersUrl}/apps/${id}/deploy`, 'POST', headers)).status).toBe(200);
  });
});
