import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../errors.js';
import { joinUrl, pathProblem } from './url.js';

function refused(base: string, path: string): boolean {
  try {
    joinUrl(base, path);
    return false;
  } catch (e) {
    if (e instanceof AppFailure) return e.error.kind === 'validation';
    throw e;
  }
}

describe('joinUrl', () => {
  it.each([
    ['https://api.bunny.net', '/pullzone', 'https://api.bunny.net/pullzone'],
    ['https://api.bunny.net/', '/pullzone?page=1', 'https://api.bunny.net/pullzone?page=1'],
    ['https://api.bunny.net/mc', '/apps', 'https://api.bunny.net/mc/apps'],
    ['https://api.bunny.net/mc/', '/apps/a%2Fb', 'https://api.bunny.net/mc/apps/a%2Fb'],
    ['http://127.0.0.1:4000/video', '/library/1/videos#frag', 'http://127.0.0.1:4000/video/library/1/videos'],
    ['https://api.bunny.net', '/@evil.example/x', 'https://api.bunny.net/@evil.example/x'],
  ])('%s + %s', (base, path, expected) => {
    expect(joinUrl(base, path).href).toBe(expected);
  });

  it('appends the query, skipping undefined values', () => {
    expect(joinUrl('https://h/x', '/a?b=1', { c: 'x y', d: 2, e: true, f: undefined }).href).toBe('https://h/x/a?b=1&c=x+y&d=2&e=true');
  });

  it.each([
    '',
    'pullzone',
    '//evil.example/x',
    'http://evil.example/',
    'https:evil.example',
    '\\\\evil',
    '/a\\..\\b',
    '/a\r\nX-Injected: 1',
    '/a\u0000b',
    '/a\tb',
    '/../pullzone',
    '/./../pullzone',
    '/%2e%2e/pullzone',
    `/${'a'.repeat(8200)}`,
  ])('refuses %j under /mc', (path) => {
    expect(refused('https://api.bunny.net/mc', path)).toBe(true);
  });

  it('refuses a profile URL that is not http(s)', () => {
    expect(refused('file:///etc', '/passwd')).toBe(true);
    expect(refused('not a url', '/x')).toBe(true);
  });

  it('property: anything it accepts stays on the base origin and under the base path', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webPath(), fc.webUrl(), fc.string().map((s) => `/${s}`)), (path) => {
        let url: URL;
        try {
          url = joinUrl('https://api.bunny.net/mc', path);
        } catch (e) {
          expect(e).toBeInstanceOf(AppFailure);
          return;
        }
        expect(pathProblem(path)).toBeUndefined();
        expect(url.origin).toBe('https://api.bunny.net');
        expect(url.pathname === '/mc' || url.pathname.startsWith('/mc/')).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
