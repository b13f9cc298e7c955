import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_URL_GROUPING, isUrlPattern, segmentPattern, urlGroupKey } from './url-pattern.js';

const PATTERNS = { patterns: true, ignoreQuery: true } as const;

describe('segmentPattern', () => {
  it.each([
    ['1234', '{n}'],
    ['1234.jpg', '{n}.jpg'],
    ['0f3c2a9b-1d2e-4f5a-8b6c-7d8e9f0a1b2c', '{uuid}'],
    ['0F3C2A9B-1D2E-4F5A-8B6C-7D8E9F0A1B2C.m3u8', '{uuid}.m3u8'],
    ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', '{hex}'],
    ['a3f9c2d1', '{hex}'],
    ['video17.ts', 'video{n}.ts'],
    ['thumbnail_3.jpg', 'thumbnail_{n}.jpg'],
    ['part-12', 'part-{n}'],
  ])('collapses the id %s into %s', (segment, pattern) => {
    expect(segmentPattern(segment)).toBe(pattern);
  });

  it.each(['video', 'v2', '720p', 'h264', 'decade', 'facadebe', 'app-setup-2.4.1.exe', '', '.well-known', 'a3f9c2d'])('keeps the word %j', (segment) => {
    expect(segmentPattern(segment)).toBe(segment);
  });
});

describe('urlGroupKey', () => {
  it('keeps the host, collapses ids and drops an ignored query string', () => {
    expect(urlGroupKey('https://cdn.example/users/42/avatar/7.png?size=64', PATTERNS)).toBe('https://cdn.example/users/{n}/avatar/{n}.png');
    // A host that looks like a number stays as it is.
    expect(urlGroupKey('https://10203040/12', PATTERNS)).toBe('https://10203040/{n}');
  });

  it('collapses query values and keeps the names, once each, when the query counts', () => {
    expect(urlGroupKey('https://cdn.example/api/products?page=3&sort=new&page=4', { patterns: true, ignoreQuery: false })).toBe('https://cdn.example/api/products?page=*&sort=*');
    expect(urlGroupKey('https://cdn.example/a?flag&x=1', { patterns: true, ignoreQuery: false })).toBe('https://cdn.example/a?flag&x=*');
  });

  it('without patterns is the URL itself, or the URL without its query string', () => {
    expect(urlGroupKey('https://cdn.example/1/a?x=1#top', DEFAULT_URL_GROUPING)).toBe('https://cdn.example/1/a');
    expect(urlGroupKey('https://cdn.example/1/a?x=1', { patterns: false, ignoreQuery: false })).toBe('https://cdn.example/1/a?x=1');
  });

  it('reads a URL with no scheme as a path', () => {
    expect(urlGroupKey('/v/99/thumb.jpg', PATTERNS)).toBe('/v/{n}/thumb.jpg');
  });

  it('gives URLs that differ only in an id the same key, and is stable when applied to its own result', () => {
    fc.assert(
      fc.property(fc.constantFrom('items', 'v', 'media'), fc.nat(), fc.nat(), fc.uuid(), (word, a, b, uuid) => {
        const one = urlGroupKey(`https://h.example/${word}/${a}/${uuid}.ts`, PATTERNS);
        const two = urlGroupKey(`https://h.example/${word}/${b}/${uuid}.ts`, PATTERNS);
        expect(one).toBe(two);
        expect(urlGroupKey(one, PATTERNS)).toBe(one);
      }),
    );
  });
});

describe('isUrlPattern', () => {
  it('is true only for keys holding a placeholder, under pattern grouping', () => {
    expect(isUrlPattern('https://h/{n}/a', PATTERNS)).toBe(true);
    expect(isUrlPattern('https://h/a?x=*', { patterns: true, ignoreQuery: false })).toBe(true);
    expect(isUrlPattern('https://h/a', PATTERNS)).toBe(false);
    expect(isUrlPattern('https://h/{n}/a', DEFAULT_URL_GROUPING)).toBe(false);
  });
});
