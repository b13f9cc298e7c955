/** Boundary table for every field rule of the application create request (lengths, counts, ranges, formats, references), posted over HTTP to the containers area. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateResponse } from '../testing/openapi.js';
import { CASES, UPDATE_CASES } from './testing/boundary-table.js';
import { fullApp, setPath, startContainers, type Harness } from './testing/harness.js';

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

describe('PUT /apps/{appId} with every create row', () => {
  let id = '';
  beforeAll(async () => {
    id = ((await h.create(fullApp())).json as { id: string }).id;
  });
  for (const [group, cases] of CASES) {
    describe(group, () => {
      it.each(cases.map((c) => [`${c.path} = ${JSON.stringify(c.value) ?? '(absent)'} → ${c.expect}`, c] as const))('%s', async (_, c) => {
        const res = await h.call('PUT', `/apps/${id}`, { body: JSON.stringify(setPath(fullApp(), c.path, c.value)), headers: { 'content-type': 'application/json' } });
        expect(validateResponse('magic-containers', 'PUT', '/apps/{appId}', res.status, res.json)).toEqual([]);
        if (c.expect === 'ok') {
          expect(res.status).toBe(200);
          expect(res.json).toEqual({ id });
          return;
        }
        expect(res.status).toBe(400);
        expect((res.json as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([c.expect]);
      });
    });
  }
});

describe('update rows (PATCH merge-patch and PUT)', () => {
  it.each(UPDATE_CASES.map((c) => [`${c.method}: ${c.name}`, c] as const))('%s', async (_, c) => {
    const { id } = (await h.create(fullApp())).json as { id: string };
    const before = (await h.call('GET', `/apps/${id}`)).json as { containerTemplates: { id: string }[] };
    const made = { containerId: before.containerTemplates[0]!.id };
    const res = await h.call(c.method, `/apps/${id}`, { body: JSON.stringify(c.body(made, fullApp())), headers: { 'content-type': 'application/json' } });
    expect(validateResponse('magic-containers', c.method, '/apps/{appId}', res.status, res.json)).toEqual([]);
    const after = (await h.call('GET', `/apps/${id}`)).json;
    if (c.expect === 'ok') {
      expect(res.status).toBe(200);
      if (c.after) expect(after).toMatchObject(c.after(made));
      return;
    }
    expect(res.status).toBe(c.expect.status);
    expect((res.json as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(c.expect.fields);
    // A refused update changes nothing.
    expect(after).toEqual(before);
  });
});
