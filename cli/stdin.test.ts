import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, readStdinBody } from './stdin.js';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('firstInvalidUtf8', () => {
  it.each([
    ['ASCII', bytes(0x7b, 0x7d), -1],
    ['two-, three- and four-byte characters', new TextEncoder().encode('é€😀'), -1],
    ['the highest code point', bytes(0xf4, 0x8f, 0xbf, 0xbf), -1],
    ['a stray continuation byte', bytes(0x61, 0x62, 0x80), 2],
    ['a lead byte followed by ASCII', bytes(0x61, 0xc3, 0x28), 1],
    ['a sequence cut off at the end', bytes(0x61, 0x62, 0xe2, 0x82), 2],
    ['an overlong two-byte form', bytes(0xc0, 0xaf), 0],
    ['an overlong three-byte form', bytes(0x20, 0xe0, 0x80, 0xaf), 1],
    ['an overlong four-byte form', bytes(0xf0, 0x80, 0x80, 0xaf), 0],
    ['a UTF-16 surrogate', bytes(0x20, 0x20, 0xed, 0xa0, 0x80), 2],
    ['a code point past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['a byte that never occurs', bytes(0x7b, 0xff, 0x7d), 1],
    ['a Latin-1 file', bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d), 6],
  ])('%s', (_label, input, offset) => {
    expect(firstInvalidUtf8(input)).toBe(offset);
  });

  it('agrees with a fatal TextDecoder on arbitrary bytes', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const valid = (b: Uint8Array) => {
      try {
        decoder.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const mostlyText = fc.array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xff }), fc.constantFrom(0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0x80, 0xbf)), { maxLength: 24 });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 24 }), mostlyText.map((a) => Uint8Array.from(a)), fc.string({ unit: 'grapheme' }).map((s) => new TextEncoder().encode(s))), (b) => {
        expect(firstInvalidUtf8(b) === -1).toBe(valid(b));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('readStdinBody', () => {
  it('refuses invalid UTF-8, naming the byte and its offset in the input', async () => {
    const input = Readable.from([Buffer.from('{"Domain":"'), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('.example"}')]);
    expect(await readStdinBody(input)).toEqual({ kind: 'invalid', message: 'The body on standard input is not valid UTF-8: byte 0xE9 at byte offset 14' });
  });

  it('counts the offset in the bytes as given, a leading BOM included', async () => {
    const input = Readable.from([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"\u00e9"'), Buffer.from([0xc3]), Buffer.from('}')]);
    expect(await readStdinBody(input)).toEqual({ kind: 'invalid', message: 'The body on standard input is not valid UTF-8: byte 0xC3 at byte offset 12' });
  });

  it('keeps valid text whole, also a character split across chunks, and drops a leading BOM', async () => {
    const euro = Buffer.from('€');
    const input = Readable.from([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"p":"'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('"}')]);
    expect(await readStdinBody(input)).toEqual({ kind: 'text', text: '{"p":"€"}' });
  });

  it('whitespace only is no body', async () => {
    expect(await readStdinBody(Readable.from([Buffer.from(' \n\t')]))).toEqual({ kind: 'none' });
  });
});
