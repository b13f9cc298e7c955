/**
 * Answers generated from the platform's published schemas (nulls wherever nullable, missing optional members, extra
 * members, enum values the schema does not list, boundary integers, date-times with and without a zone) against the
 * readers of Magic Containers lists and apps, the core's pull zones and libraries, and the error bodies of both: no
 * reader throws, every item the schema allows and that has an id is read, and read + skipped = sent. (A list's
 * items are the single-object answers too: each is read by the same reader a `GET` of one uses.) Large models
 * (Application, PullZoneModel) are generated with short inner lists to keep each property within seconds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readApplication, readAppListItem, readListPage, readRegion, readRegistry, type ItemRead } from '../../../shared/apps/platform-answers.js';
import { readCoreList, readPullZone, readVideoLibrary } from '../../../shared/common/core-answers.js';
import { answerArbitrary, readableBySchema, type OpenApiDoc } from '../../../sandbox/testing/openapi-arbitrary.js';
import { cleanText, mapPlatformError } from '../platform/errors.js';
import { explainAppsError } from './app-errors.js';

const RUNS = { numRuns: 10_000 };
/** Generous for a shared machine: the largest models take seconds per 10,000 answers. */
const SLOW = 90_000;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An id a later call can name: text, or a number (the registry's int64). */
const hasMcId = (item: unknown) => isObj(item) && ((typeof item.id === 'string' && item.id.trim() !== '') || (typeof item.id === 'number' && Number.isFinite(item.id)));
const hasCoreId = (item: unknown) => isObj(item) && typeof item.Id === 'number' && Number.isSafeInteger(item.Id);

/**
 * One list page against its reader: read + skipped = sent, and every item the schema allows (with an id) is read, in
 * order. Returns nothing; fails the property with the item that went wrong.
 */
function checkPage<T>(
  doc: OpenApiDoc,
  pageSchema: string,
  itemSchema: string,
  page: unknown,
  read: () => { items: T[]; unreadable: { count: number } } | { error: string },
  hasId: (item: unknown) => boolean,
  itemsOf: (page: unknown) => unknown,
  idOfRead: (t: T) => unknown,
  idOfSent: (item: unknown) => unknown,
): void {
  const result = read();
  const sent = itemsOf(page);
  if ('error' in result) {
    // Only a page the schema does not allow may fail as a whole.
    expect(readableBySchema(doc, pageSchema, page), JSON.stringify(page)).toBe(false);
    return;
  }
  const items = Array.isArray(sent) ? sent : [];
  expect(result.items.length + result.unreadable.count).toBe(items.length);
  const mustRead = items.filter((it) => readableBySchema(doc, itemSchema, it) && hasId(it)).map(idOfSent);
  const readIds = result.items.map(idOfRead);
  for (const id of mustRead) expect(readIds).toContain(typeof id === 'number' && typeof readIds[0] === 'string' ? String(id) : id);
}

describe('Magic Containers readers against generated answers', () => {
  const mcList = (pageSchema: string, itemSchema: string, reader: (raw: unknown) => ItemRead<{ id: unknown }>) =>
    fc.assert(
      fc.property(answerArbitrary('magic-containers', pageSchema, { maxItems: 5, broken: { [itemSchema]: 0.1 } }), (page) => {
        checkPage(
          'magic-containers',
          pageSchema,
          itemSchema,
          page,
          () => readListPage(page, reader),
          hasMcId,
          (p) => (isObj(p) ? p.items : undefined),
          (t) => t.id,
          (it) => (isObj(it) ? it.id : undefined),
        );
      }),
      RUNS,
    );

  it('apps list (ListApplicationsResponse)', () => mcList('ListApplicationsResponse', 'AppListItem', readAppListItem), SLOW);
  it('regions list (ListRegionsResponse)', () => mcList('ListRegionsResponse', 'Region', readRegion), SLOW);
  it('registries list (ListContainerRegistriesResponse)', () => mcList('ListContainerRegistriesResponse', 'ContainerRegistry', readRegistry), SLOW);

  it('one application (Application): every answer the schema allows is read, an unknown status kept as sent', () => {
    fc.assert(
      fc.property(answerArbitrary('magic-containers', 'Application', { maxItems: 1, broken: { Application: 0.1 } }), (app) => {
        const r = readApplication(app, 'asked');
        if (readableBySchema('magic-containers', 'Application', app)) {
          expect(r.ok).toBe(true);
          if (r.ok && isObj(app)) expect(r.value.status).toBe(typeof app.status === 'string' ? app.status : null);
        }
        if (r.ok) expect(typeof r.value.name).toBe('string');
      }),
      RUNS,
    );
  }, SLOW);
});

describe('core readers against generated answers', () => {
  const coreList = (pageSchema: string | null, itemSchema: string, reader: (raw: unknown) => ItemRead<{ id: number }>) =>
    fc.assert(
      fc.property(
        pageSchema === null ? fc.array(answerArbitrary('core', itemSchema, { maxItems: 1 }), { maxLength: 3 }) : answerArbitrary('core', pageSchema, { maxItems: 3 }),
        (page) => {
          checkPage(
            'core',
            pageSchema ?? itemSchema,
            itemSchema,
            page,
            () => readCoreList(page, reader),
            hasCoreId,
            (p) => (Array.isArray(p) ? p : isObj(p) ? p.Items : undefined),
            (t) => t.id,
            (it) => (isObj(it) ? it.Id : undefined),
          );
        },
      ),
      RUNS,
    );

  it('pull zone list (a plain array of PullZoneModel)', () => coreList(null, 'PullZoneModel', readPullZone), SLOW);
  it('video library list (PaginationListModelOfVideoLibraryModel)', () => coreList('PaginationListModelOfVideoLibraryModel', 'VideoLibraryModel', readVideoLibrary), SLOW);
});

describe('error bodies against generated answers', () => {
  const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v) ?? '');
  const statuses = fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 503);

  it('container ErrorDetails and ProblemDetails: a readable message with the status, never [object Object]', () => {
    fc.assert(
      fc.property(fc.oneof(answerArbitrary('magic-containers', 'ErrorDetails', { broken: { ValidationError: 0.2 } }), answerArbitrary('magic-containers', 'ProblemDetails')), statuses, (body, status) => {
        const e = explainAppsError({ status, body: bytes(body), where: 'POST /apps' });
        expect(e.status).toBe(status);
        expect(e.title.length).toBeGreaterThan(10);
        const shown = `${e.title}\n${e.detail}\n${Object.entries(e.fieldErrors ?? {}).join('\n')}`;
        expect(shown).not.toContain('[object Object]');
        expect(shown).not.toMatch(/\bundefined\b|\bnull\b/);
        const generic = mapPlatformError('containers', status, {}, bytes(body), 'POST', '/apps');
        expect(generic.title).toContain(String(status));
        expect(`${generic.title}${generic.detail}`).not.toContain('[object Object]');
      }),
      RUNS,
    );
  });

  it('core ApiErrorData (ErrorKey, Field, Message, each nullable): the status in the title, the message when given', () => {
    fc.assert(
      fc.property(answerArbitrary('core', 'ApiErrorData'), statuses, (body, status) => {
        const e = mapPlatformError('core', status, {}, bytes(body), 'GET', '/pullzone');
        expect(e.status).toBe(status);
        expect(e.title).toContain(String(status));
        expect(`${e.title}${e.detail}`).not.toContain('[object Object]');
        if (isObj(body) && typeof body.Message === 'string' && body.Message.trim() !== '') expect(e.detail).toContain(cleanText(body.Message));
      }),
      RUNS,
    );
  });

  it('any JSON at all, or bytes that are not JSON, as a container error body: still the status and words, never [object Object]', () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => bytes(v)),
      fc.record({ title: fc.jsonValue({ maxDepth: 1 }), detail: fc.jsonValue({ maxDepth: 1 }), errors: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }).map((v) => bytes(v)),
      fc.uint8Array({ maxLength: 64 }),
    );
    fc.assert(
      fc.property(body, statuses, (b, status) => {
        const e = explainAppsError({ status, body: b, where: 'POST /apps' });
        expect(e.status).toBe(status);
        expect(`${e.title}\n${e.detail}\n${Object.values(e.fieldErrors ?? {}).join('\n')}`).not.toContain('[object Object]');
        expect(e.detail?.split('\n').at(-1)).toBe('POST /apps');
      }),
      RUNS,
    );
  });
});
