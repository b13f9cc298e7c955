import { describe, expect, it } from 'vitest';
import { parseRate } from './rate.js';

describe('parseRate', () => {
  it.each([
    ['1M', 1_000_000],
    ['1MB', 1_000_000],
    ['1MB/s', 1_000_000],
    ['1.5M', 1_500_000],
    ['500k', 500_000],
    ['500KB/s', 500_000],
    ['8000', 8_000],
    ['2G', 2_000_000_000],
    [' 250KBps ', 250_000],
  ])('%s is %d bytes per second', (text, bytes) => {
    expect(parseRate(text)).toEqual({ ok: true, bytesPerSecond: bytes });
  });

  it.each(['off', 'OFF', 'none', '0'])('%s turns the cap off', (text) => {
    expect(parseRate(text)).toEqual({ ok: true, bytesPerSecond: null });
  });

  it.each(['', 'fast', '1T', '-1M', '1,5M', 'M', '1 M B'])('%j is refused with the expected form', (text) => {
    expect(parseRate(text)).toMatchObject({ ok: false, message: expect.stringContaining('like 500k') });
  });

  it.each(['5Mb', '8Mbps', '1mb/s', '250kbps', '8000b'])('%s is refused: a lowercase b reads as bits', (text) => {
    expect(parseRate(text)).toMatchObject({ ok: false, message: expect.stringContaining('a lowercase b would read as bits') });
  });

  it('refuses rates outside the bounds, saying them', () => {
    expect(parseRate('7k')).toMatchObject({ ok: false, message: expect.stringContaining('from 8k to 10G') });
    expect(parseRate('11G')).toMatchObject({ ok: false, message: expect.stringContaining('from 8k to 10G') });
  });
});
