/** Output rules: pretty JSON that keeps every digit, terminal escaping, non-JSON by Content-Type; and runApi in-process with a terminal. */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApi } from './api.js';
import type { CliIo, OutStream } from './io.js';
import { describeBinary, escapeForTerminal, jsonTextOf, prettyJson } from './output.js';
import { startFixture, type Fixture } from './testing/support.js';

describe('prettyJson', () => {
  it('indents like JSON.stringify(…, null, 2) for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (v, spaced) => {
        const text = spaced ? JSON.stringify(v, null, 3) : JSON.stringify(v);
        expect(prettyJson(text)).toBe(JSON.stringify(JSON.parse(text), null, 2));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('keeps 64-bit ids and number spellings exactly', () => {
    expect(prettyJson('{"Id":12345678901234567890,"x":1.50,"e":1E+3,"s":"a\\"b,{}"}')).toBe(
      '{\n  "Id": 12345678901234567890,\n  "x": 1.50,\n  "e": 1E+3,\n  "s": "a\\"b,{}"\n}',
    );
    expect(prettyJson(' [ { } , [ ] ] ')).toBe('[\n  {},\n  []\n]');
  });
});

describe('escapeForTerminal', () => {
  it.each([
    ['\u001b[2Jcleared', '\\u001b[2Jcleared'],
    ['abc\u202edcba', 'abc\\u202edcba'],
    ['\u2066iso\u2069', '\\u2066iso\\u2069'],
    ['bell\u0007 del\u007f c1\u009b', 'bell\\u0007 del\\u007f c1\\u009b'],
    ['over\rwrite', 'over\\u000dwrite'],
    ['lines\nand\ttabs stay', 'lines\nand\ttabs stay'],
  ])('%j → %j', (raw, shown) => {
    expect(escapeForTerminal(raw)).toBe(shown);
  });

  it('escaped JSON stays JSON with the same value', () => {
    const text = JSON.stringify({ a: 'x\u202ey\u0085z\u007f' });
    expect(JSON.parse(escapeForTerminal(text))).toEqual(JSON.parse(text));
  });
});

describe('jsonTextOf, describeBinary', () => {
  it('JSON by content type or by content; broken JSON with a JSON type is reported', () => {
    expect(jsonTextOf(Buffer.from('[1]'), 'text/plain')).toEqual({ json: true, text: '[1]' });
    expect(jsonTextOf(Buffer.from('{"a":'), 'application/problem+json; charset=utf-8')).toMatchObject({ json: false, parseError: expect.any(String) });
    expect(jsonTextOf(Buffer.from('hello'), 'text/plain')).toEqual({ json: false });
    expect(jsonTextOf(Buffer.alloc(0), 'application/json')).toEqual({ json: false });
  });

  it('binary is shown as size, type and hex', () => {
    expect(describeBinary(Uint8Array.from([0, 1, 255]), 'image/png')).toBe('3 bytes, type image/png\n00 01 ff\n');
  });
});

describe('runApi on a terminal (in-process, fake streams)', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await startFixture();
  });
  afterEach(async () => {
    await f.close();
  });

  function terminal(): { io: CliIo; out: () => string; err: () => string } {
    let out = '';
    let err = '';
    const tty = (append: (s: string) => void): OutStream => ({ isTTY: true, write: (c) => (append(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')), true) });
    const io: CliIo = { stdin: Readable.from([]), stdout: tty((s) => (out += s)), stderr: tty((s) => (err += s)), env: f.env, home: f.home };
    return { io, out: () => out, err: () => err };
  }

  it('control characters and bidi overrides in a text body are escaped', async () => {
    f.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 1, action: { kind: 'status', status: 200, body: 'a\u001b[2Jb\u202ec', contentType: 'text/plain' } });
    const t = terminal();
    expect(await runApi(['GET', '/pullzone'], t.io)).toBe(0);
    expect(t.out()).toBe('a\\u001b[2Jb\\u202ec\n');
  });

  it('inside JSON too, and binary becomes a hex preview', async () => {
    f.sandbox.faults.add({ method: 'GET', path: '/pullzone', times: 1, action: { kind: 'status', status: 200, body: { Name: 'evil\u202etxt.exe' } } });
    f.sandbox.faults.add({ method: 'GET', path: '/storagezone', times: 1, action: { kind: 'status', status: 200, body: '\u0000\u0001PNG', contentType: 'image/png' } });
    const t = terminal();
    expect(await runApi(['GET', '/pullzone'], t.io)).toBe(0);
    expect(t.out()).toBe('{\n  "Name": "evil\\u202etxt.exe"\n}\n');
    const b = terminal();
    expect(await runApi(['GET', '/storagezone'], b.io)).toBe(0);
    expect(b.out()).toBe('5 bytes, type image/png\n00 01 50 4e 47\n');
  });
});
