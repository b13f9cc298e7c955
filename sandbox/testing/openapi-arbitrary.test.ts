import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerArbitrary, readableBySchema, type OpenApiDoc } from './openapi-arbitrary.js';

const SCHEMAS: readonly (readonly [OpenApiDoc, string])[] = [
  ['logging', 'LogQueryResponse'],
  ['logging', 'ErrorResponse'],
  ['stream', 'PaginationListOfVideoModel'],
  ['stream', 'PaginationListOfCollectionModel'],
  ['stream', 'StatusModel'],
  ['magic-containers', 'ListApplicationsResponse'],
  ['magic-containers', 'Application'],
  ['magic-containers', 'ListRegionsResponse'],
  ['magic-containers', 'ProblemDetails'],
  ['core', 'PullZoneModel'],
  ['core', 'PaginationListModelOfVideoLibraryModel'],
  ['core', 'ApiErrorData'],
];

function sample(doc: OpenApiDoc, name: string, runs: number, options = {}): unknown[] {
  return fc.sample(answerArbitrary(doc, name, options), { numRuns: runs, seed: 7 });
}

describe('answerArbitrary', () => {
  it.each(SCHEMAS)('%s %s: every answer is one a liberal reader must accept', (doc, name) => {
    for (const answer of sample(doc, name, 200)) expect(readableBySchema(doc, name, answer)).toBe(true);
  });

  it('sends the variety the logging schema allows: null hosts, missing optional keys, extra keys, data: null', () => {
    const pages = sample('logging', 'LogQueryResponse', 400) as { data: Record<string, unknown>[] | null }[];
    const entries = pages.flatMap((p) => p.data ?? []);
    expect(pages.some((p) => p.data === null)).toBe(true);
    expect(entries.some((e) => e['host'] === null)).toBe(true);
    expect(entries.some((e) => e['requestId'] === null)).toBe(true);
    expect(entries.some((e) => !('userAgent' in e))).toBe(true);
    expect(entries.some((e) => Object.keys(e).some((k) => ['NewField', 'zz_unknown', 'Extra'].includes(k)))).toBe(true);
    expect(entries.some((e) => typeof e['timestamp'] === 'string' && !/[zZ]|[+-]\d\d:\d\d$/.test(e['timestamp']))).toBe(true);
    // Required keys are always there, even when their value is null.
    for (const e of entries) for (const key of ['timestamp', 'pullZoneId', 'host', 'url', 'requestId']) expect(key in e).toBe(true);
  });

  it('sends values beyond an enum: another letter case or a new value', () => {
    const apps = sample('magic-containers', 'Application', 300) as Record<string, unknown>[];
    const known = new Set(['unknown', 'active', 'progressing', 'inactive', 'failing', 'suspended']);
    const statuses = apps.map((a) => a['status']).filter((s) => typeof s === 'string');
    expect(statuses.some((s) => known.has(s as string))).toBe(true);
    expect(statuses.some((s) => !known.has(s as string))).toBe(true);
  });

  it('breaks a required, non-nullable field of the named schema only when asked, and only there', () => {
    const pages = sample('logging', 'LogQueryResponse', 200, { broken: { LogEntry: 1 } }) as { data: unknown[] | null; pagination: unknown }[];
    const entries = pages.flatMap((p) => p.data ?? []);
    expect(entries.length).toBeGreaterThan(50);
    for (const e of entries) expect(readableBySchema('logging', 'LogEntry', e)).toBe(false);
    for (const p of pages) expect(readableBySchema('logging', 'PaginationInfo', p.pagination)).toBe(true);
    const whole = sample('logging', 'LogEntry', 200);
    for (const e of whole) expect(readableBySchema('logging', 'LogEntry', e)).toBe(true);
  });

  it('readableBySchema refuses what no schema allows and accepts extra keys and new enum values', () => {
    const entry = { timestamp: '2026-11-21T10:00:00.000Z', pullZoneId: 1, requestId: null, cacheStatus: 'WHATEVER', statusCode: 200, bytesSent: 5, edgeLocation: null, scheme: null, host: null, path: null, url: null, brandNew: true };
    expect(readableBySchema('logging', 'LogEntry', entry)).toBe(true);
    expect(readableBySchema('logging', 'LogEntry', { ...entry, statusCode: null })).toBe(false);
    expect(readableBySchema('logging', 'LogEntry', { ...entry, bytesSent: '5' })).toBe(false);
    const { timestamp: _dropped, ...noTime } = entry;
    expect(readableBySchema('logging', 'LogEntry', noTime)).toBe(false);
    expect(() => readableBySchema('logging', 'NoSuchSchema', {})).toThrow(/NoSuchSchema/);
  });
});
