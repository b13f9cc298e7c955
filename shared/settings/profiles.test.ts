import { describe, expect, it } from 'vitest';
import { KEY_CHARACTERS_RULE, describeKeyCharacter, firstBadKeyCharacter } from './key-value.js';
import { Endpoints, KeyValue } from './profiles.js';

/** The first issue's message, or null when the value passes. */
function problem(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } } }, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? '?');
}

describe('KeyValue', () => {
  it.each([
    ['a platform key', 'a1b2c3d4-e5f6-7a8b-9c0d-e1f2a3b4c5d6e7f8a9b0-c1d2-e3f4'],
    ['every visible ASCII character', '!"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~'],
    ['exactly 8 characters', 'abcdefgh'],
    ['4096 characters', 'k'.repeat(4096)],
  ])('accepts %s', (_label, value) => {
    expect(problem(KeyValue, value)).toBeNull();
  });

  it('trims surrounding whitespace, line breaks included, before checking', () => {
    expect(KeyValue.parse('  pasted-key-1234\r\n')).toBe('pasted-key-1234');
  });

  it.each([
    ['a line feed inside', 'first-half\nsecond-half', KEY_CHARACTERS_RULE],
    ['a carriage return inside', 'first-half\rsecond-half', KEY_CHARACTERS_RULE],
    ['a NUL', 'key-with-nul\0', KEY_CHARACTERS_RULE],
    ['a tab inside', 'key-with\ttab-1234', KEY_CHARACTERS_RULE],
    ['a space inside', 'two words key', KEY_CHARACTERS_RULE],
    ['DEL', 'key-with-del\x7f-1234', KEY_CHARACTERS_RULE],
    ['a Latin-1 letter', 'clé-secrète-1234', KEY_CHARACTERS_RULE],
    ['a zero-width space', 'key\u200B-1234-5678', KEY_CHARACTERS_RULE],
    ['a non-breaking space inside', 'key\u00A0-1234-5678', KEY_CHARACTERS_RULE],
    ['an emoji', 'key-🔑-1234-5678', KEY_CHARACTERS_RULE],
    ['nothing', '   ', 'is required'],
    ['7 characters', 'abcdefg', 'must be at least 8 characters'],
    ['4097 characters', 'k'.repeat(4097), 'is too long'],
  ])('refuses %s, naming the rule', (_label, value, message) => {
    expect(problem(KeyValue, value)).toBe(message);
  });

  it('names a refused character by code point and position, never by itself', () => {
    expect(firstBadKeyCharacter('abc\u00e9def')).toBe(3);
    expect(describeKeyCharacter('abc\u00e9def', 3)).toBe('U+00E9 at position 4');
    expect(describeKeyCharacter('ab\n', 2)).toBe('U+000A at position 3');
    expect(firstBadKeyCharacter('visible-only~')).toBe(-1);
  });
});

describe('Endpoints', () => {
  const base = { apiUrl: 'https://api.bunny.net', containersUrl: 'https://api.bunny.net/mc', videoUrl: 'https://video.bunnycdn.com', loggingUrl: 'https://logging.bunnycdn.com' };
  const apiUrl = (value: string) => {
    const r = Endpoints.safeParse({ ...base, apiUrl: value });
    if (r.success) return { ok: r.data.apiUrl };
    return { error: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)[0] };
  };

  it.each([
    ['https://api.bunny.net', 'https://api.bunny.net'],
    ['http://127.0.0.1:1', 'http://127.0.0.1:1'],
    ['http://localhost:65535/base/', 'http://localhost:65535/base'],
    ['  https://api.bunny.net/  ', 'https://api.bunny.net'],
  ])('accepts %s', (value, stored) => {
    expect(apiUrl(value)).toEqual({ ok: stored });
  });

  it.each([
    ['http://localhost:99999', 'apiUrl: port must be between 1 and 65535'],
    ['http://localhost:65536', 'apiUrl: port must be between 1 and 65535'],
    ['http://localhost:0', 'apiUrl: port must be between 1 and 65535'],
    ['http://localhost:123456789012', 'apiUrl: port must be between 1 and 65535'],
    ['http://1.2.3.256', 'apiUrl: must be a valid URL'],
    ['http://1.2.3.4.5:8080', 'apiUrl: must be a valid URL'],
    ['ftp://api.bunny.net', 'apiUrl: must be an http(s) URL without credentials, query or fragment'],
    ['https://user:pw@api.bunny.net', 'apiUrl: must be an http(s) URL without credentials, query or fragment'],
    ['https://api.bunny.net/?x=1', 'apiUrl: must be an http(s) URL without credentials, query or fragment'],
    ['', 'apiUrl: is required'],
  ])('refuses %s', (value, message) => {
    expect(apiUrl(value)).toEqual({ error: message });
  });
});
