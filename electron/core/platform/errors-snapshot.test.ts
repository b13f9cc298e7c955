/**
 * Snapshot tests of mapPlatformError: one per platform error shape, each showing the status, the
 * platform's own message, the method and path, and a key planted where a real answer could carry one, masked.
 */
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/contract/result.js';
import { mapPlatformError } from './errors.js';
import type { ApiArea } from './types.js';

/** Shaped like a bunny.net account key. */
const KEY = '5f0d3c2a-91be-4c7e-8a4f-2b6d1e9c7a30e4b1c9d2-7f3a-4e8b-a6c5-0d2f9b1e3a47';
const LIBRARY_KEY = 'c2f8a1d4-6b3e-4f90-9d7c-1a5e3b8f2c06d9e4b7a1-2c8f-4a3d-b5e6-7f0c1d2e3a4b';
const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };
const PROBLEM_CT = { 'content-type': 'application/problem+json; charset=utf-8' };
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

/** Maps with both keys known as secrets, and checks what every mapped error must show and must not. */
function mapped(area: ApiArea, status: number, headers: Record<string, string>, body: Buffer, method: string, path: string): AppError {
  const e = mapPlatformError(area, status, headers, body, method, path, [KEY, LIBRARY_KEY]);
  expect(e.status).toBe(status);
  expect(e.title).toContain(`(${status})`);
  expect(e.detail).toContain(`${method.toUpperCase()} ${path.split('?')[0]}`);
  const text = JSON.stringify(e);
  for (const secret of [KEY, LIBRARY_KEY]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(0, 36));
  }
  return e;
}

describe('Magic Containers', () => {
  it('400 ErrorDetails with errors[] on two nested fields, one echoing an environment value that holds the key', () => {
    const body = json({
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'The application could not be saved.',
      instance: '/apps',
      errors: [
        { field: 'containerTemplates[0].image', message: 'The image reference "ghcr.io/acme/api:" has no tag.' },
        { field: 'containerTemplates[0].environmentVariables[1].value', message: `Value "${KEY}" is longer than 64 characters.` },
      ],
    });
    expect(mapped('containers', 400, PROBLEM_CT, body, 'POST', '/mc/apps')).toMatchInlineSnapshot(`
      {
        "detail": "The application could not be saved. — POST /mc/apps",
        "fieldErrors": {
          "containerTemplates[0].environmentVariables[1].value": "Value "••••••••" is longer than 64 characters.",
          "containerTemplates[0].image": "The image reference "ghcr.io/acme/api:" has no tag.",
        },
        "kind": "validation",
        "status": 400,
        "title": "Some fields were not accepted (400)",
      }
    `);
  });

  it('401 ProblemDetails that quotes the key it refused', () => {
    const body = json({ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2', title: 'Unauthorized', status: 401, detail: `The AccessKey '${KEY}' is not valid.`, instance: '/apps' });
    expect(mapped('containers', 401, PROBLEM_CT, body, 'GET', '/mc/apps')).toMatchInlineSnapshot(`
      {
        "detail": "The AccessKey '••••••••' is not valid. Check the API key in the profile settings. — GET /mc/apps",
        "kind": "auth",
        "status": 401,
        "title": "The account API key was not accepted (401)",
      }
    `);
  });

  it('409 ErrorDetails: application count limit', () => {
    const body = json({ title: 'Conflict', status: 409, detail: 'Application count limit is reached', instance: '/apps', errors: null });
    expect(mapped('containers', 409, PROBLEM_CT, body, 'post', '/mc/apps')).toMatchInlineSnapshot(`
      {
        "detail": "Application count limit is reached — POST /mc/apps",
        "kind": "conflict",
        "status": 409,
        "title": "The request conflicts with the current state (409)",
      }
    `);
  });
});

describe('core API { ErrorKey, Field, Message }', () => {
  it('400 on a field', () => {
    const body = json({ ErrorKey: 'pullzone.validation', Field: 'OriginUrl', Message: 'The origin URL must start with http:// or https://' });
    expect(mapped('core', 400, JSON_CT, body, 'POST', '/pullzone/11')).toMatchInlineSnapshot(`
      {
        "code": "pullzone.validation",
        "detail": "The origin URL must start with http:// or https:// — POST /pullzone/11",
        "fieldErrors": {
          "OriginUrl": "The origin URL must start with http:// or https://",
        },
        "kind": "validation",
        "status": 400,
        "title": "Some fields were not accepted (400)",
      }
    `);
  });

  it('404 with the key in the query string of the path', () => {
    const body = json({ ErrorKey: 'pullZone.not_found', Field: 'PullZone', Message: 'The requested Pull Zone was not found' });
    expect(mapped('core', 404, JSON_CT, body, 'GET', `/pullzone/9?accessKey=${KEY}`)).toMatchInlineSnapshot(`
      {
        "code": "pullZone.not_found",
        "detail": "The requested Pull Zone was not found — GET /pullzone/9?accessKey=••••••••",
        "fieldErrors": {
          "PullZone": "The requested Pull Zone was not found",
        },
        "kind": "not_found",
        "status": 404,
        "title": "Not found (404)",
      }
    `);
  });
});

describe('logging { error: { code, message, details? } }', () => {
  it('404 logging_disabled', () => {
    const body = json({ error: { code: 'logging_disabled', message: 'Logging is not enabled for pull zone 3' } });
    expect(mapped('logging', 404, JSON_CT, body, 'GET', '/logging/v2/pullzones/3/logs')).toMatchInlineSnapshot(`
      {
        "code": "logging_disabled",
        "detail": "Logging is not enabled for pull zone 3 — GET /logging/v2/pullzones/3/logs",
        "kind": "not_found",
        "status": 404,
        "title": "Logging is turned off for this pull zone, so there are no logs to show (404)",
      }
    `);
  });

  it('429 rate_limited with Retry-After, the key echoed in details', () => {
    const body = json({ error: { code: 'rate_limited', message: 'Rate limit exceeded for pull zone 1', details: [`limit 30/10s for AccessKey ${KEY}`] } });
    expect(mapped('logging', 429, { ...JSON_CT, 'retry-after': '7' }, body, 'GET', '/logging/v2/pullzones/1/logs?limit=100')).toMatchInlineSnapshot(`
      {
        "code": "rate_limited",
        "detail": "Rate limit exceeded for pull zone 1: limit 30/10s for AccessKey ••••••••. The server asks to wait before retrying (Retry-After: 7). — GET /logging/v2/pullzones/1/logs?limit=100",
        "kind": "http",
        "status": 429,
        "title": "Too many log requests were made for this pull zone in the last 10 seconds (429)",
      }
    `);
  });
});

describe('bodies that are not the platform JSON', () => {
  it('an HTML 502 page from a gateway that prints the request headers', () => {
    const html = [
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>',
      `<body><h1>Bad Gateway</h1><pre>GET /library/5/videos\nAccessKey: ${LIBRARY_KEY}</pre><hr>nginx</body></html>`,
    ].join('');
    expect(mapped('video', 502, { 'content-type': 'text/html' }, Buffer.from(html), 'GET', '/video/library/5/videos')).toMatchInlineSnapshot(`
      {
        "detail": "The server sent an HTML page: "502 Bad Gateway" — GET /video/library/5/videos",
        "kind": "http",
        "status": 502,
        "title": "Bad gateway (502)",
      }
    `);
  });

  it('an empty 500', () => {
    expect(mapped('core', 500, { 'content-length': '0' }, Buffer.alloc(0), 'DELETE', '/dnszone/4')).toMatchInlineSnapshot(`
      {
        "detail": "DELETE /dnszone/4",
        "kind": "http",
        "status": 500,
        "title": "The platform had an internal error (500)",
      }
    `);
  });

  it('a 400 whose JSON is cut off, the key inside it', () => {
    const broken = Buffer.from(`{"ErrorKey":"request.invalid","Message":"Bad AccessKey ${KEY}`);
    expect(mapped('core', 400, JSON_CT, broken, 'PUT', '/storagezone/2')).toMatchInlineSnapshot(`
      {
        "detail": "{"ErrorKey":"request.invalid","Message":"Bad AccessKey •••••••• — PUT /storagezone/2",
        "kind": "validation",
        "status": 400,
        "title": "The platform did not accept the request (400)",
      }
    `);
  });
});
