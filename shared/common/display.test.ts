import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeForDisplay, formatBytes, hexPreview } from './display.js';

describe('escapeForDisplay', () => {
  it.each([
    ['\x1b[2Jcleared', '\\u001b[2Jcleared'],
    ['abc\u202edef', 'abc\\u202edef'],
    ['\u2066isolate\u2069', '\\u2066isolate\\u2069'],
    ['nul\0byte', 'nul\\u0000byte'],
    ['keep\ttabs\nand lines', 'keep\ttabs\nand lines'],
    ['plain ünïcødé 😀', 'plain ünïcødé 😀'],
  ])('%j → %j', (input, out) => {
    expect(escapeForDisplay(input)).toBe(out);
  });

  it('leaves nothing unsafe behind, for any string: escaping the result again changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => escapeForDisplay(escapeForDisplay(s)) === escapeForDisplay(s)),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('hexPreview and formatBytes', () => {
  it('dumps offsets, hex and ASCII', () => {
    const dump = hexPreview(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x41]));
    expect(dump).toBe(`00000000  ${'89 50 4e 47 0d 0a 1a 0a 41'.padEnd(47)}  .PNG....A`);
  });
  it('formats sizes', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1234)).toBe('1.2 kB');
    expect(formatBytes(10_500_000)).toBe('11 MB');
  });
});
