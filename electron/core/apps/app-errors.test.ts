/** The container platform's error answers explained: every status a sentence and a next step, every error entry kept, whatever the body. */
import { describe, expect, it } from 'vitest';
import { APPS_ERROR_TEXTS, explainAppsError } from './app-errors.js';

const bytes = (v: unknown) => new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v));

describe('explainAppsError', () => {
  it.each([400, 401, 403, 404, 409, 413, 415, 418, 422, 429, 500, 502, 503])('HTTP %i has a sentence and a next step, with or without a body', (status) => {
    for (const body of [bytes(''), bytes('<html><title>oops</title></html>'), bytes({ title: 'X', status, detail: 'Said so.' })]) {
      const e = explainAppsError({ status, body, where: 'POST /apps' });
      expect(e.status).toBe(status);
      expect(e.title.length).toBeGreaterThan(10);
      expect(e.detail?.split('\n').at(-2)).toMatch(/\.$/);
      expect(e.detail?.split('\n').at(-1)).toBe('POST /apps');
      expect(`${e.title}\n${e.detail}`).not.toMatch(/unknown error/i);
      if (Object.hasOwn(APPS_ERROR_TEXTS, status)) expect(e.title).toBe(APPS_ERROR_TEXTS[status]!.sentence);
    }
  });

  it('keeps every errors[] entry: fields as fieldErrors (repeats joined), the rest in the detail; ASP.NET maps too', () => {
    const e = explainAppsError({
      status: 400,
      where: 'POST /apps',
      body: bytes({ detail: 'See the errors for details.', errors: [{ field: 'a[0].b', message: 'one' }, { field: 'a[0].b', message: 'two' }, { message: 'general' }, { field: '__proto__', message: 'odd' }, 'junk'] }),
    });
    // Fields Burrow has no words for keep the platform's, with no "platform says" line repeating them.
    expect(e.fieldErrors).toEqual(Object.fromEntries([['a[0].b', 'one; two'], ['__proto__', 'odd']]));
    expect(e.platformSays).toBeUndefined();
    expect(e.detail).toContain('The platform said: See the errors for details.');
    expect(e.detail).toContain('  • general');
    const asp = explainAppsError({ status: 400, where: 'POST /apps', body: bytes({ title: 'One or more validation errors occurred.', errors: { Name: ['too long', 'bad'], '': ['whole body'] } }) });
    expect(asp.fieldErrors).toEqual({ Name: 'too long; bad' });
    expect(asp.detail).toContain('  • whole body');
  });

  it('words a field Burrow knows for people, names its rows from the request sent, and keeps the platform’s text as "platform says"', () => {
    const request = { containerTemplates: [{ name: 'web' }] };
    const e = explainAppsError({
      status: 400,
      where: 'POST /apps',
      request,
      body: bytes({ errors: [{ field: 'containerTemplates[0].imageTag', message: "The field imageTag must match the regular expression 'x'." }, { field: 'name', message: 'Taken.' }] }),
    });
    expect(e.fieldErrors).toEqual({
      'containerTemplates[0].imageTag': 'Container 1 (web) › Tag: letters and digits joined by one or two of . _ -, such as 1.25-alpine',
      name: 'Name: 1–100 characters — letters, digits, hyphens and spaces',
    });
    expect(e.platformSays).toEqual({ 'containerTemplates[0].imageTag': "The field imageTag must match the regular expression 'x'.", name: 'Taken.' });
  });

  it('scrubs known secrets from what it shows', () => {
    const e = explainAppsError({ status: 400, where: 'POST /apps', secrets: ['sekrit-value-123'], body: bytes({ errors: [{ field: 'x', message: 'bad key sekrit-value-123' }] }) });
    expect(JSON.stringify(e)).not.toContain('sekrit-value-123');
  });
  it('a body with null or missing members, the older bare forms, or no JSON at all still reads as the status and what was said', () => {
    const nulls = explainAppsError({ status: 422, where: 'POST /apps', body: bytes({ title: null, status: null, detail: null, instance: null, errors: null, id: null, traceId: 'x' }) });
    expect(nulls.title).toBe(APPS_ERROR_TEXTS[422]!.sentence);
    expect(nulls.status).toBe(422);
    expect(nulls.detail).toBe(`${APPS_ERROR_TEXTS[422]!.action}\nPOST /apps`);
    const entryNulls = explainAppsError({ status: 400, where: 'POST /apps', body: bytes({ errors: [{ field: null, message: 'whole request' }, { message: null }, null] }) });
    expect(entryNulls.detail).toContain('  • whole request');
    const bare = explainAppsError({ status: 404, where: 'GET /apps/x', body: bytes(JSON.stringify('Application not found')) });
    expect(bare.detail).toContain('The platform said: Application not found');
    const list = explainAppsError({ status: 400, where: 'POST /apps', body: bytes([{ message: 'name is required' }]) });
    expect(list.detail).toContain('  • name is required');
    const plain = explainAppsError({ status: 502, where: 'GET /apps', body: bytes('upstream timed out') });
    expect(plain.detail).toContain('The platform answered: upstream timed out');
    for (const e of [nulls, entryNulls, bare, list, plain]) expect(`${e.title}${e.detail}`).not.toContain('[object Object]');
  });
});
