import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURE_URL, validateResponse } from './openapi.js';

describe('validateResponse', () => {
  it('magic-containers: POST /apps 201 and 400', () => {
    expect(validateResponse('magic-containers', 'POST', '/apps', 201, { id: 'abc' })).toEqual([]);
    expect(validateResponse('magic-containers', 'post', '/apps', 201, { id: 5 })).not.toEqual([]);
    expect(validateResponse('magic-containers', 'POST', '/apps', 201, { id: 'a', extra: 1 })[0]).toContain('extra');
    const err = { title: 'Bad', status: 400, detail: null, errors: [{ field: 'name', message: 'x' }] };
    expect(validateResponse('magic-containers', 'POST', '/apps', 400, err)).toEqual([]);
    expect(validateResponse('magic-containers', 'POST', '/apps', 400, { ...err, status: 1.5 })).not.toEqual([]);
  });

  it('stream: StatusModel with a nullable string and an int32', () => {
    const ok = { success: true, message: null, statusCode: 200 };
    const path = '/library/{libraryId}/videos/fetch';
    expect(validateResponse('stream', 'POST', path, 200, ok)).toEqual([]);
    expect(validateResponse('stream', 'POST', path, 200, { ...ok, message: 'OK' })).toEqual([]);
    expect(validateResponse('stream', 'POST', path, 200, { ...ok, statusCode: '200' })).toHaveLength(1);
    expect(validateResponse('stream', 'POST', path, 200, { ...ok, statusCode: 0.5 })).not.toEqual([]);
    expect(validateResponse('stream', 'POST', path, 200, { ...ok, success: null })).not.toEqual([]);
  });

  it('core: region list with int64, decimal and double formats', () => {
    const region = { Id: 1, Name: 'Frankfurt', PricePerGigabyte: 0.01, RegionCode: 'DE', ContinentCode: 'EU', CountryCode: 'DE', Latitude: 50.1, Longitude: 8.6, AllowLatencyRouting: true };
    expect(validateResponse('core', 'GET', '/region', 200, [region])).toEqual([]);
    expect(validateResponse('core', 'GET', '/region', 200, [{ ...region, AllowLatencyRouting: 'yes' }])).not.toEqual([]);
    expect(validateResponse('core', 'GET', '/region', 200, [{ ...region, Id: 1.5 }])).not.toEqual([]);
    expect(validateResponse('core', 'GET', '/region', 200, [{ ...region, Unknown: 1 }])[0]).toContain('Unknown');
    expect(validateResponse('core', 'GET', '/region', 200, region)).not.toEqual([]);
  });

  it('reports unknown paths, methods and statuses, and bodiless responses', () => {
    expect(validateResponse('core', 'GET', '/nope', 200, {})[0]).toMatch(/unknown path/);
    expect(validateResponse('core', 'PATCH', '/region', 200, {})[0]).toMatch(/no PATCH/);
    expect(validateResponse('core', 'GET', '/region', 418, {})[0]).toMatch(/no 418/);
    expect(validateResponse('core', 'GET', '/region', 500, undefined)).toEqual([]);
    expect(validateResponse('core', 'GET', '/region', 500, { a: 1 })).toHaveLength(1);
  });

  it('rejects a wrong shape of a real model: a pull zone with a bad type, a missing nullability or an extra member', () => {
    const zone = { Id: 1, Name: 'demo', OriginUrl: null, EnableLogging: true, UserId: '5b1f2a4c-1d2e-4f00-8a00-000000000000' };
    expect(validateResponse('core', 'GET', '/pullzone/{id}', 200, zone)).toEqual([]);
    expect(validateResponse('core', 'GET', '/pullzone/{id}', 200, { ...zone, Id: '1' })).not.toEqual([]);
    expect(validateResponse('core', 'GET', '/pullzone/{id}', 200, { ...zone, EnableLogging: null })).not.toEqual([]);
    expect(validateResponse('core', 'GET', '/pullzone/{id}', 200, { ...zone, Secret: 'x' })[0]).toContain('Secret');
  });
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Members whose keys are names (of properties, schemas, paths, statuses, media types), not keywords. */
const MAPS = new Set(['documents', 'paths', 'responses', 'content', 'schemas', 'properties']);

/** The keywords used anywhere in a fixture value: every object key except the names held by MAPS. */
function keywords(value: Json, keysAreNames: boolean, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keywords(v, false, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!keysAreNames) out.add(k);
      keywords(v, !keysAreNames && MAPS.has(k), out);
    }
  }
  return out;
}

describe('the committed OpenAPI fixture', () => {
  const fixture = JSON.parse(readFileSync(FIXTURE_URL, 'utf8')) as { [k: string]: Json };

  it('holds facts only: no descriptions, summaries, titles, examples or x-* extensions', () => {
    const found = [...keywords(fixture['documents'] as Json, true)];
    expect(found.filter((k) => /^(description|summary|title|examples?|default|externalDocs|tags|x-.*)$/.test(k))).toEqual([]);
    // Everything left is structure, a method or a schema fact.
    const structure = ['source', 'openapi', 'info', 'version', 'paths', 'responses', 'content', 'schema', 'components', 'schemas'];
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
    const facts = ['$ref', 'type', 'format', 'nullable', 'enum', 'pattern', 'required', 'properties', 'additionalProperties', 'items', 'allOf', 'anyOf', 'oneOf', 'not'];
    const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties'];
    const allowed = new Set([...structure, ...methods, ...facts, ...bounds]);
    expect(found.filter((k) => !allowed.has(k))).toEqual([]);
    expect(found).toEqual(expect.arrayContaining(['paths', 'responses', 'schemas', '$ref', 'type', 'format', 'nullable', 'enum', 'required']));
  });

  it('records the script and every input document with its version, also in the notes beside it', () => {
    expect(fixture['generatedBy']).toBe('scripts/openapi-fixture.mjs');
    const sources = fixture['sources'] as { [k: string]: { file: string; infoVersion: string } };
    expect(Object.keys(sources).sort()).toEqual(['core', 'logging', 'magic-containers', 'stream']);
    const notes = readFileSync(new URL('./openapi-facts.md', import.meta.url), 'utf8');
    expect(notes).toContain('scripts/openapi-fixture.mjs');
    for (const { file, infoVersion } of Object.values(sources)) {
      expect(infoVersion).not.toBe('');
      expect(notes).toMatch(new RegExp(`${file.replace(/\./g, '\\.')}\` \\| ${infoVersion.replace(/\./g, '\\.')} \\|`));
    }
  });

  it('is all the sandbox reads: no file of it points outside the repository at the published documents', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|mjs|js)$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/platform\/openapi|\.\.\/\.\.\/\.\.\//);
  });
});
