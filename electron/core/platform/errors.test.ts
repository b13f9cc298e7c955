import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, kindForStatus, mapPlatformError, statusTitle } from './errors.js';

const json = (v: unknown) => Buffer.from(JSON.stringify(v));
const JSON_CT = { 'content-type': 'application/json' };

describe('mapPlatformError: the platform error shapes', () => {
  it('containers ErrorDetails with errors[] → field errors keyed by path, null field → (request)', () => {
    const body = json({
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'See the errors for details.',
      errors: [
        { field: 'name', message: 'Required' },
        { field: 'containerTemplates[0].image', message: 'Image is required' },
        { field: 'name', message: 'Too long' },
        { field: null, message: 'Region limit reached' },
      ],
    });
    expect(mapPlatformError('containers', 400, JSON_CT, body, 'post', '/mc/apps')).toEqual({
      kind: 'validation',
      title: 'Some fields were not accepted (400)',
      status: 400,
      detail: 'See the errors for details. — POST /mc/apps',
      fieldErrors: { name: 'Required; Too long', 'containerTemplates[0].image': 'Image is required', '(request)': 'Region limit reached' },
    });
  });

  it('ProblemDetails → title in our words, the platform detail kept', () => {
    const body = json({ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2', title: 'Unauthorized', status: 401, detail: 'The AccessKey is not valid.' });
    expect(mapPlatformError('containers', 401, {}, body, 'GET', '/mc/apps')).toEqual({
      kind: 'auth',
      title: 'The account API key was not accepted (401)',
      status: 401,
      detail: 'The AccessKey is not valid. Check the API key in the profile settings. — GET /mc/apps',
    });
  });

  it('ASP.NET validation errors as a map', () => {
    const e = mapPlatformError('containers', 400, {}, json({ title: 'Bad', errors: { Name: ['a', 'b'], '': ['c'] } }), 'POST', '/mc/apps');
    expect(e.fieldErrors).toEqual({ Name: 'a; b', '(request)': 'c' });
  });

  it.each([
    [400, 'invalid_request', 'validation', 'The logging service did not accept this query (400)'],
    [401, 'unauthorized', 'auth', 'The logging service did not receive a key it could check (401)'],
    [403, 'forbidden', 'auth', 'The logging service refused access: to this key, to this pull zone (not one of the account\'s), or to a suspended account (403)'],
    [404, 'logging_disabled', 'not_found', 'Logging is turned off for this pull zone, so there are no logs to show (404)'],
    [429, 'rate_limited', 'http', 'Too many log requests were made for this pull zone in the last 10 seconds (429)'],
    [500, 'internal_error', 'http', 'The logging service failed while answering; the problem is on the platform’s side (500)'],
  ])('logging %i %s', (status, code, kind, title) => {
    const e = mapPlatformError('logging', status, {}, json({ error: { code, message: 'msg', details: ['from: must be ISO'] } }), 'GET', '/logging/v2/pullzones/1/logs');
    expect(e).toMatchObject({ kind, title, code, status, detail: 'msg: from: must be ISO — GET /logging/v2/pullzones/1/logs' });
  });

  it('core {ErrorKey, Field, Message} → code and a field error', () => {
    const body = json({ ErrorKey: 'pullZone.not_found', Field: 'PullZone', Message: 'The requested Pull Zone was not found' });
    expect(mapPlatformError('core', 404, {}, body, 'GET', '/pullzone/9')).toEqual({
      kind: 'not_found',
      title: 'Not found (404)',
      status: 404,
      code: 'pullZone.not_found',
      detail: 'The requested Pull Zone was not found — GET /pullzone/9',
      fieldErrors: { PullZone: 'The requested Pull Zone was not found' },
    });
  });

  it('Stream StatusModel and an empty video 401', () => {
    expect(mapPlatformError('video', 400, {}, json({ success: false, message: 'Video already uploaded', statusCode: 400 }), 'PUT', '/library/1/videos/g')).toMatchObject({
      kind: 'validation',
      detail: 'Video already uploaded — PUT /library/1/videos/g',
    });
    const e = mapPlatformError('video', 401, {}, Buffer.alloc(0), 'GET', '/library/1/videos');
    expect(e.kind).toBe('auth');
    expect(e.title).toBe('The video library API key was not accepted (401)');
    expect(e.detail).toMatch(/library's own API key, not the account key/);
  });

  it('an HTML 502 from a CDN → status and a readable title, the page title as detail', () => {
    const html = Buffer.from('<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>');
    expect(mapPlatformError('core', 502, { 'Content-Type': 'text/html' }, html, 'GET', '/pullzone')).toEqual({
      kind: 'http',
      title: 'Bad gateway (502)',
      status: 502,
      detail: 'The server sent an HTML page: "502 Bad Gateway" — GET /pullzone',
    });
  });

  it('empty, plain text, invalid JSON and binary bodies', () => {
    expect(mapPlatformError('core', 503, {}, Buffer.alloc(0), 'GET', '/x')).toMatchObject({ title: 'The platform is unavailable (503)', detail: 'GET /x' });
    expect(mapPlatformError('core', 500, { 'content-type': 'text/plain' }, Buffer.from('boom\n\x1b[2J\u202eevil'), 'GET', '/x').detail).toBe('boom \\u001b[2J\\u202eevil — GET /x');
    expect(mapPlatformError('core', 500, { 'content-type': 'application/json' }, Buffer.from('{"broken'), 'GET', '/x').detail).toBe('{"broken — GET /x');
    expect(mapPlatformError('core', 500, { 'content-type': 'application/octet-stream' }, Buffer.from([0, 0, 0, 0, 1, 2, 0, 0]), 'GET', '/x').detail).toBe('8 bytes of application/octet-stream — GET /x');
  });

  it('odd codes and field names stay plain data', () => {
    const e = mapPlatformError('logging', 400, {}, json({ error: { code: '__proto__', message: 'x' } }), 'GET', '/l');
    expect(e.title).toBe('The platform did not accept the request (400)');
    const f = mapPlatformError('containers', 400, {}, json({ title: 't', errors: [{ field: '__proto__', message: 'm' }, { field: 'constructor', message: 'n' }] }), 'POST', '/mc/apps');
    expect(Object.entries(f.fieldErrors ?? {})).toEqual([
      ['__proto__', 'm'],
      ['constructor', 'n'],
    ]);
  });

  it('mentions Retry-After on 429 and 503', () => {
    expect(mapPlatformError('core', 429, { 'retry-after': '30' }, Buffer.alloc(0), 'GET', '/x').detail).toBe('The server asks to wait before retrying (Retry-After: 30). — GET /x');
  });

  it('never carries a key: scrubbed from messages, fields and the path', () => {
    const key = 'b1946ac9-2492-d234-7c07-4f1d6a6b1c2d3e4f';
    const body = json({ ErrorKey: `k.${key}`, Field: key, Message: `Key ${key} (${Buffer.from(key).toString('base64')}) is not valid` });
    const e = mapPlatformError('core', 401, {}, body, 'GET', `/x?apiKey=${key}&q=${key}`, [key]);
    const text = JSON.stringify(e);
    expect(text).not.toContain(key);
    expect(text).not.toContain(Buffer.from(key).toString('base64'));
  });
});

describe('helpers', () => {
  it.each([
    [400, 'validation'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'validation'],
    [429, 'http'],
    [500, 'http'],
    [502, 'http'],
    [418, 'http'],
  ] as const)('kindForStatus(%i) = %s', (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });

  it('titles unknown statuses by class', () => {
    expect(statusTitle(302)).toBe('Unexpected redirect (302)');
    expect(statusTitle(599)).toBe('The platform failed (599)');
    expect(statusTitle(418)).toBe('The request failed (418)');
  });

  it('cleanText escapes control and bidi characters and caps the length', () => {
    expect(cleanText('a\u0000b\u2066c')).toBe('a\\u0000b\\u2066c');
    // The same set the console escapes: zero-width and direction marks, line/paragraph separators, the BOM.
    expect(cleanText('a\u200bb\u200fc\u2028d\u2029e\ufefff\u061cg')).toBe('a\\u200bb\\u200fc\\u2028d\\u2029e\\ufefff\\u061cg');
    expect(cleanText('line one\r\n  line\ttwo ')).toBe('line one line two');
    expect(cleanText('x'.repeat(600))).toHaveLength(500);
  });
});

describe('property: any body, any status gives a well-formed AppError', () => {
  it('never throws, always has a kind, a title with the status, and METHOD path in the detail', () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '')),
      fc.record({ error: fc.anything(), errors: fc.anything(), ErrorKey: fc.anything(), Field: fc.anything(), Message: fc.anything(), title: fc.anything(), detail: fc.anything() }, { requiredKeys: [] }).map((v) => Buffer.from(JSON.stringify(v) ?? '')),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.string().map((t) => Buffer.from(t)),
    );
    fc.assert(
      fc.property(fc.constantFrom('core', 'containers', 'video', 'logging' as const), fc.integer({ min: 300, max: 599 }), fc.constantFrom('', 'text/html', 'application/json'), body, (area, status, ct, b) => {
        const e = mapPlatformError(area, status, { 'content-type': ct }, b, 'GET', '/p');
        expect(['validation', 'auth', 'not_found', 'conflict', 'http']).toContain(e.kind);
        expect(e.status).toBe(status);
        expect(e.title).toContain(`(${status})`);
        expect(e.detail).toMatch(/GET \/p$/);
        for (const [k, v] of Object.entries(e.fieldErrors ?? {})) {
          expect(typeof k).toBe('string');
          expect(typeof v).toBe('string');
        }
        expect(JSON.parse(JSON.stringify(e))).toEqual(e);
      }),
      { numRuns: 1000 },
    );
  });
});
