import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecretMembers, prettyJson } from './json-text.js';

const secret = (name: string) => /key|password/i.test(name);

describe('prettyJson', () => {
  it('re-indents without touching numbers or strings', () => {
    expect(prettyJson('{"id":12345678901234567890,"a":[],"b":{},"s":"x, y: {z}"}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "a": [],\n  "b": {},\n  "s": "x, y: {z}"\n}',
    );
  });
  it('means the same as JSON.stringify(…, 2) for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(JSON.parse(prettyJson(text))).toEqual(JSON.parse(text));
        expect(prettyJson(text)).toBe(JSON.stringify(v, null, 2));
        // Already laid out (spaces, tabs, line breaks between tokens): the same result.
        expect(prettyJson(JSON.stringify(v, null, '\t \r\n'.slice(0, 1 + (text.length % 4))))).toBe(JSON.stringify(v, null, 2));
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe('maskSecretMembers', () => {
  it('masks the values of secret-named members only, at any depth, keeping the layout', () => {
    const text = '[{"Id":1, "ApiKey" : "k\\"1", "ErrorKey": "x", "Keys": ["not", "members"], "Nested":{"Password":"p","Count":3}}]';
    expect(maskSecretMembers(text, (n) => /apikey|password/i.test(n), '***')).toEqual({
      text: '[{"Id":1, "ApiKey" : "***", "ErrorKey": "x", "Keys": ["not", "members"], "Nested":{"Password":"***","Count":3}}]',
      masked: 2,
    });
  });
  it('never leaves a secret member value behind, for any JSON', () => {
    const marker = 'LEAK-9f3a';
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue(),
        fc.array(tie('node')),
        fc.dictionary(fc.string(), tie('node')),
        fc.record({ ApiKey: fc.constant(marker), other: tie('node') }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const { text } = maskSecretMembers(JSON.stringify(v), secret, '***');
        expect(text).not.toContain(marker);
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});
