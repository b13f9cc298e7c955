/** Boundary table for every field rule of the application create request (lengths, counts, ranges, formats, references), posted over HTTP to the containers area. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateResponse } from '../testing/openapi.js';
import { CASES } from './boundary-table.js';
import { fullApp, setPath, startContainers, type Harness } from './test-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startContainers({ appLimit: 100_000 });
});
afterAll(async () => h.close());

describe('POST /apps boundary table', () => {
  for (const [group, cases] of CASES) {
    describe(group, () => {
      it.each(cases.map((c) => [`${c.path} = ${JSON.stringify(c.value) ?? '(absent)'} → ${c.expect}`, c] as const))('%s', async (_, c) => {
        const res = await h.create(setPath(fullApp(), c.path, c.value));
        if (c.expect === 'ok') {
          expect(res.json).toMatchObject({ id: expect.stringMatching(/^[0-9A-Za-z]{15}$/) });
          expect(res.status).toBe(201);
          return;
        }
        expect(res.status).toBe(400);
        expect(validateResponse('magic-containers', 'POST', '/apps', 400, res.json)).toEqual([]);
        const errors = (res.json as { errors: { field: string; message: string }[] }).errors;
        expect(errors.map((e) => e.field)).toEqual([c.expect]);
        // The message names the rule for this field (or the offending property).
        const names = c.expect.replace(/\[\d+\]/g, '').split('.');
        expect(names.some((n) => errors[0]?.message.includes(n))).toBe(true);
      });
    });
  }
});
