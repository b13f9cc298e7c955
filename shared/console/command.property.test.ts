/** Properties of the api command parser (never throws, valid commands round-trip, paths stay on the API); numRuns and seed are pinned so a failure replays. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPath, formatApiCommand, parseApiArgs, parseApiLine } from './command.js';
import { parseJsonBody } from './command-json.js';
import { tokenize } from './command-shell.js';
import { API_METHODS, MAX_BODY_BYTES, type ApiCommand, type ApiParse } from './command-types.js';

const RUNS = { numRuns: 400, seed: 20240605 } as const;
const CODES = ['empty', 'quote', 'method', 'path', 'body', 'body-too-large', 'flag', 'usage'];

function wellTagged(r: ApiParse): boolean {
  if (r.ok === true) return API_METHODS.includes(r.command.method) && r.command.path.startsWith('/') && typeof r.command.verbose === 'boolean';
  return r.ok === false && CODES.includes(r.error.code) && typeof r.error.message === 'string' && r.error.message.length > 0;
}

const anyCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((ups) => [...word].map((ch, i) => (ups[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));

const method = fc.constantFrom(...API_METHODS).chain((m) => anyCase(m).map((typed) => ({ m, typed })));

// Shell metacharacters on purpose: quoting must carry them through.
const pathChar = fc.constantFrom(...'abcXYZ019-._~/?&=%+:@!$\'"`*;()[]{}<>| ,é日🐇'.split(''), '🐇');
const safePath = fc.array(pathChar, { maxLength: 60 }).map((cs) => `/${cs.join('')}`).filter((p) => !p.startsWith('//'));

/** Any raw text the path check accepts, generated from arbitrary code units. */
const acceptedPath = fc.string({ unit: 'binary', maxLength: 80 }).map((s) => checkPath(s)).filter((r) => r.ok).map((r) => (r.ok ? r.path : '/'));

describe('never throws, always tagged', () => {
  it('parseApiLine on any binary string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (line) => wellTagged(parseApiLine(line))), RUNS);
  });

  it('parseApiLine on command-like lines', () => {
    const word = fc.oneof(fc.constantFrom('api', 'GET', 'post', '-b', '--body', '-v', '--profile', '--', '/x', "'", '"', '\\', '{"a":1}', '--body='), fc.string({ unit: 'binary', maxLength: 12 }));
    fc.assert(fc.property(fc.array(word, { maxLength: 8 }), (ws) => wellTagged(parseApiLine(ws.join(' ')))), RUNS);
  });

  it('parseApiArgs on any word list', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 8 }), (args) => wellTagged(parseApiArgs(args))), RUNS);
  });

  it('tokenize on any binary string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (line) => {
        const r = tokenize(line);
        return r.ok ? Array.isArray(r.tokens) && r.tokens.every((t) => typeof t === 'string') : r.error.code === 'quote' && typeof r.error.position === 'number';
      }),
      RUNS,
    );
  });
});

describe('round trip through formatApiCommand → parseApiLine', () => {
  const commandArb = fc.record({
    method,
    path: fc.oneof(safePath, acceptedPath),
    body: fc.option(fc.jsonValue(), { nil: undefined }),
    verbose: fc.boolean(),
    profile: fc.option(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), { nil: undefined }),
  });

  it('from the value: method, path, body (as JSON sees it), verbose and profile come back', () => {
    fc.assert(
      fc.property(commandArb, ({ method: { m }, path, body, verbose, profile }) => {
        const cmd: ApiCommand = { method: m, path, verbose, ...(body === undefined ? {} : { body }), ...(profile === undefined ? {} : { profile }) };
        const back = parseApiLine(formatApiCommand(cmd));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.command.method).toBe(m);
        expect(back.command.path).toBe(path);
        expect(back.command.verbose).toBe(verbose);
        expect(back.command.profile).toBe(profile);
        // JSON has no -0: stringify then parse is what the server would see.
        if (body === undefined) expect('body' in back.command).toBe(false);
        else expect(back.command.body).toStrictEqual(JSON.parse(JSON.stringify(body)));
      }),
      RUNS,
    );
  });

  it('from a typed command: the body text as given (indented) comes back exactly', () => {
    fc.assert(
      fc.property(method, safePath, fc.jsonValue(), fc.boolean(), ({ m, typed }, path, value, verbose) => {
        const text = JSON.stringify(value, null, 2);
        const first = parseApiArgs([typed, path, '--body', text, ...(verbose ? ['-v'] : [])]);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(first.command.method).toBe(m);
        const again = parseApiLine(formatApiCommand(first.command));
        expect(again).toStrictEqual(first);
      }),
      RUNS,
    );
  });

  it('the key never appears in the formatted line', () => {
    fc.assert(
      fc.property(safePath, fc.string({ minLength: 6, maxLength: 30 }).filter((k) => k.trim().length >= 6), (path, apiKey) => {
        const r = parseApiArgs(['GET', path, '--api-key', apiKey]);
        if (!r.ok) return;
        expect(r.command.apiKey).toBe(apiKey);
        expect(formatApiCommand(r.command)).not.toContain(apiKey);
      }),
      RUNS,
    );
  });
});

describe('specific errors', () => {
  it('an invalid method → method', () => {
    const notMethod = fc.string({ unit: 'binary', maxLength: 10 }).filter((s) => !s.startsWith('-') && !API_METHODS.some((m) => m === s.toUpperCase()));
    fc.assert(fc.property(notMethod, safePath, (m, path) => parseApiArgs([m, path]).ok === false && errCode(parseApiArgs([m, path])) === 'method'), RUNS);
  });

  it('an absolute URL or any scheme: → path', () => {
    const scheme = fc.stringMatching(/^[A-Za-z][A-Za-z0-9+.-]{0,10}$/);
    fc.assert(fc.property(method, scheme, fc.string({ maxLength: 30 }), ({ typed }, s, rest) => errCode(parseApiArgs([typed, `${s}:${rest}`])) === 'path'), RUNS);
  });

  it('//host → path', () => {
    fc.assert(fc.property(method, fc.string({ unit: 'binary', maxLength: 30 }), ({ typed }, host) => errCode(parseApiArgs([typed, `//${host}`])) === 'path'), RUNS);
  });

  it('CR, LF or NUL anywhere in the path → path, at that position', () => {
    fc.assert(
      fc.property(safePath, fc.constantFrom('\r', '\n', '\u0000', '\r\n'), fc.nat(), (path, bad, at) => {
        const k = 1 + (at % path.length);
        const raw = path.slice(0, k) + bad + path.slice(k);
        const r = checkPath(raw);
        return !r.ok && r.error.code === 'path' && r.error.position === k;
      }),
      RUNS,
    );
  });

  it('every accepted path stays on the API origin and under its base path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (raw) => {
        const r = checkPath(raw);
        if (!r.ok) return true;
        for (const base of ['https://api.example.net', 'http://127.0.0.1:4000']) {
          expect(new URL(base + r.path).origin).toBe(new URL(base).origin);
        }
        return r.path.startsWith('/') && !r.path.startsWith('//');
      }),
      RUNS,
    );
  });

  it('text JSON.parse refuses → body (with a position); text it accepts → the same value', () => {
    const mangled = fc.tuple(fc.json(), fc.nat(), fc.string({ unit: 'binary', maxLength: 3 })).map(([j, at, ins]) => j.slice(0, at % (j.length + 1)) + ins + j.slice(at % (j.length + 1)));
    fc.assert(
      fc.property(fc.oneof(mangled, fc.string({ unit: 'binary', maxLength: 20 })), (text) => {
        let expected: { ok: true; value: unknown } | { ok: false };
        try {
          expected = { ok: true, value: JSON.parse(text) as unknown };
        } catch {
          expected = { ok: false };
        }
        const got = parseJsonBody(text);
        expect(got.ok).toBe(expected.ok);
        if (got.ok && expected.ok) expect(got.value).toStrictEqual(expected.value);
        if (!got.ok) {
          expect(got.error.code).toBe('body');
          expect(got.error.position).toBeGreaterThanOrEqual(0);
          expect(got.error.position).toBeLessThanOrEqual(text.length);
          expect(got.error.message).toMatch(/^Invalid JSON body at position \d+ \(line \d+, column \d+\): /);
        }
      }),
      RUNS,
    );
  });

  it('a body over the cap → body-too-large, whatever it holds', () => {
    fc.assert(
      fc.property(fc.constantFrom('a', 'é', '日', '🐇', '{'), fc.nat({ max: 1000 }), (ch, extra) => {
        const bytes = new TextEncoder().encode(ch).length;
        const text = ch.repeat(Math.floor(MAX_BODY_BYTES / bytes) + 1 + extra);
        return errCode(parseApiArgs(['POST', '/x', '--body', text])) === 'body-too-large';
      }),
      { numRuns: 20, seed: RUNS.seed },
    );
  });
});

function errCode(r: ApiParse): string | undefined {
  return r.ok ? undefined : r.error.code;
}

describe('the app command line with an unquoted JSON body (lenientBody)', () => {
  it('reads any JSON object or array typed after --body, spaced or not, back to the same value', () => {
    const container = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()));
    fc.assert(
      fc.property(container, fc.boolean(), fc.boolean(), (value, spaced, verbose) => {
        const text = JSON.stringify(value, null, spaced ? 1 : undefined);
        const r = parseApiLine(`api POST /x --body ${text}${verbose ? ' --verbose' : ''}`, { lenientBody: true });
        expect(r.ok && r.command.body).toEqual(JSON.parse(text));
        expect(r.ok && r.command.verbose).toBe(verbose);
      }),
    );
  });
});
