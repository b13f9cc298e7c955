import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './plural.js';

describe('counts in proper English', () => {
  it.each([
    [0, '0 items'],
    [1, '1 item'],
    [2, '2 items'],
    [1024, '1,024 items'],
  ])('%i → %s', (n, text) => {
    expect(countOf(n, 'item')).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'library', 'libraries')).toBe('1 library');
    expect(countOf(3, 'library', 'libraries')).toBe('3 libraries');
    expect(nounFor(1, 'entry', 'entries')).toBe('entry');
  });
});
