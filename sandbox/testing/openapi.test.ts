import { describe, expect, it } from 'vitest';
import { validateResponse } from './openapi.js';

describe('validateResponse', () => {
  it('magic-containers: POST /apps 201 and 400', () => {
    expect(validateResponse('magic-containers', 'POST', '/apps', 201, { id: 'abc' })).toEqual([]);
    expect(validateResponse('magic-containers', 'post', '/apps', 201, { id: 5 })).not.toEqual([]);
    expect(validateResponse('magic-containers', 'POST', '/apps', 201, { id: 'a', extra: 1 })[0]).toContain('extra');
    const err = { title: 'Bad', status: 400, detail: null, errors: [{ field: 'name', message: 'x' }] };
    expect(validateResponse('magic-containers', 'POST', '/apps', 400, err)).toEqual([]);
    expect(validateResponse('magic-containers', 'POST', '/apps', 400, { ...err, status: 1.5 })).not.toEqual([]);
  });

  it('stream: collection model with nullable and int64 fields', () => {
    const ok = { videoLibraryId: 1, guid: null, name: 'c', videoCount: 0, totalSize: 0, previewVideoIds: null, previewImageUrls: null };
    const path = '/library/{libraryId}/collections/{collectionId}';
    expect(validateResponse('stream', 'GET', path, 200, ok)).toEqual([]);
    expect(validateResponse('stream', 'GET', path, 200, { ...ok, videoCount: '3' })).toHaveLength(1);
    expect(validateResponse('stream', 'GET', path, 200, { ...ok, totalSize: 0.5 })).not.toEqual([]);
  });

  it('core: country list with decimal format', () => {
    const ok = [{ Name: 'Slovenia', IsoCode: 'SI', IsEU: true, TaxRate: 22.5, TaxPrefix: null, FlagUrl: null, PopList: ['LJ'] }];
    expect(validateResponse('core', 'GET', '/country', 200, ok)).toEqual([]);
    expect(validateResponse('core', 'GET', '/country', 200, [{ IsEU: 'yes' }])).not.toEqual([]);
  });

  it('reports unknown paths, methods and statuses, and bodiless responses', () => {
    expect(validateResponse('core', 'GET', '/nope', 200, {})[0]).toMatch(/unknown path/);
    expect(validateResponse('core', 'PATCH', '/country', 200, {})[0]).toMatch(/no PATCH/);
    expect(validateResponse('core', 'GET', '/country', 418, {})[0]).toMatch(/no 418/);
    expect(validateResponse('core', 'GET', '/country', 401, undefined)).toEqual([]);
    expect(validateResponse('core', 'GET', '/country', 401, { a: 1 })).toHaveLength(1);
  });
});
