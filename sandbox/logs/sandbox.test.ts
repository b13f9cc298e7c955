import { afterEach, describe, expect, it } from 'vitest';
import { logErrorResponseSchema } from '../../shared/logs/v2-response.js';
import { logQueryResponseSchema } from '../../shared/logs/testing/v2-page.js';
import { startSandbox, type Sandbox } from '../server.js';
import { BASE_TIME, v1Day } from './testing/support.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('logging through the whole sandbox', () => {
  it('serves both versions under loggingUrl with the start-line JWT, limited to 30 per 10 s', async () => {
    const clock = { now: BASE_TIME };
    sandbox = await startSandbox({ seed: 3, now: () => clock.now });
    const zone = sandbox.pullZones.find((z) => z.loggingEnabled);
    const headers = { Authorization: `Bearer ${sandbox.loggingJwt}` };
    const v2 = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone?.id}/logs?limit=5`, { headers });
    expect(v2.status).toBe(200);
    const body = logQueryResponseSchema.parse(await v2.json());
    expect(body.data).toHaveLength(5);
    const v1 = await fetch(`${sandbox.loggingUrl}/${v1Day(BASE_TIME)}/${zone?.id}.log?end=3`, { headers });
    expect((await v1.text()).split('\n')).toHaveLength(4);

    for (let i = 2; i < 30; i++) {
      expect((await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone?.id}/logs?limit=1`, { headers })).status).toBe(200);
    }
    const limited = await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone?.id}/logs?limit=1`, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(logErrorResponseSchema.parse(await limited.json()).error.code).toBe('rate_limited');
    clock.now += 10_001;
    expect((await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone?.id}/logs?limit=1`, { headers })).status).toBe(200);

    sandbox.setSuspended(true);
    expect((await fetch(`${sandbox.loggingUrl}/v2/pullzones/${zone?.id}/logs?limit=1`, { headers })).status).toBe(403);
  });
});
