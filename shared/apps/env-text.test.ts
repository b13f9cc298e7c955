/** `.env` text against a table, all-or-nothing on bad lines, round trip and never-throws properties, and which names are masked. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSecretName } from '../common/redact.js';
import { formatEnvText, isSecretEnvName, parseEnvText, quoteEnvValue, type EnvRow } from './env-text.js';

const RUNS = { numRuns: 400, seed: 20240611 } as const;

function rowsOf(text: string): EnvRow[] {
  const r = parseEnvText(text);
  if (!r.ok) throw new Error(`expected rows, got ${JSON.stringify(r.problems)}`);
  return r.rows.map(({ name, value }) => ({ name, value }));
}

describe('parseEnvText: one line each', () => {
  it.each<[string, string, string]>([
    ['KEY=VALUE', 'KEY', 'VALUE'],
    ['KEY=', 'KEY', ''],
    ['export KEY=v', 'KEY', 'v'],
    ['export\tKEY=v', 'KEY', 'v'],
    ['exportKEY=v', 'exportKEY', 'v'],
    ['export=v', 'export', 'v'],
    ['  KEY = spaced value  ', 'KEY', 'spaced value'],
    ['URL=postgres://u:p@db:5432/app?ssl=true', 'URL', 'postgres://u:p@db:5432/app?ssl=true'],
    ['EQ=a=b=c', 'EQ', 'a=b=c'],
    ['HASH=a#b', 'HASH', 'a#b'],
    ['HASH=#b', 'HASH', '#b'],
    ['C=value # a comment', 'C', 'value'],
    ['C=value\t# a comment', 'C', 'value'],
    ['C= # only a comment', 'C', ''],
    ['Q="double quoted"', 'Q', 'double quoted'],
    ['Q="a\\nb"', 'Q', 'a\nb'],
    ['Q="say \\"hi\\""', 'Q', 'say "hi"'],
    ['Q="back\\\\slash"', 'Q', 'back\\slash'],
    ['Q="tab\\tand\\rcr"', 'Q', 'tab\tand\rcr'],
    ['Q="\\d stays"', 'Q', '\\d stays'],
    ['Q="# not a comment" # but this is', 'Q', '# not a comment'],
    ['Q="x"#comment', 'Q', 'x'],
    ['Q=  "leading blanks before the quote"', 'Q', 'leading blanks before the quote'],
    ["S='single $literal \\n'", 'S', 'single $literal \\n'],
    ["S='a \"b\" c' # comment", 'S', 'a "b" c'],
    ['Q=""', 'Q', ''],
    ['a.b-c_D=1', 'a.b-c_D', '1'],
    ['_X=1', '_X', '1'],
    ['UNICODE=héllo 🐇', 'UNICODE', 'héllo 🐇'],
    ['NBSP=\u00a0x\u00a0', 'NBSP', '\u00a0x\u00a0'],
  ])('%s', (text, name, value) => {
    expect(rowsOf(text)).toEqual([{ name, value }]);
  });
});

describe('parseEnvText: whole texts', () => {
  it('skips blank lines and comments, reads CRLF and a BOM, numbers rows by line', () => {
    const text = '\uFEFF# database\r\n\r\nDB_HOST=db\r\n  # indented comment\r\nexport DB_PORT=5432\r\n   \r\nDB_NAME="app"\r\n';
    expect(parseEnvText(text)).toEqual({
      ok: true,
      rows: [
        { name: 'DB_HOST', value: 'db', line: 3 },
        { name: 'DB_PORT', value: '5432', line: 5 },
        { name: 'DB_NAME', value: 'app', line: 7 },
      ],
      duplicates: [],
    });
  });

  it('an empty text or one of only comments has no rows', () => {
    expect(parseEnvText('')).toEqual({ ok: true, rows: [], duplicates: [] });
    expect(parseEnvText('# a\n\n#b\n')).toEqual({ ok: true, rows: [], duplicates: [] });
  });

  it('flags duplicate names with the lines they are on, and keeps every row', () => {
    const r = parseEnvText('A=1\nB=2\nA=3\na=4\nA=5\nB=6\n');
    expect(r).toMatchObject({
      ok: true,
      duplicates: [
        { name: 'A', lines: [1, 3, 5] },
        { name: 'B', lines: [2, 6] },
      ],
    });
    if (r.ok) expect(r.rows).toHaveLength(6);
  });

  it.each<[string, number, RegExp]>([
    ['JUST_A_NAME', 1, /^Line 1: expected NAME=VALUE, but there is no "=" in "JUST_A_NAME"\.$/],
    ['A=1\n=value', 2, /^Line 2: the name before "=" is missing\.$/],
    ['A=1\n\n1ABC=x', 3, /^Line 3: "1ABC" is not a valid name: a name must start with a letter/],
    ['MY VAR=x', 1, /"MY VAR" is not a valid name/],
    ['A="open', 1, /^Line 1: the double quote at column 3 is never closed; .*\\n/],
    ["  A='open", 1, /^Line 1: the single quote at column 5 is never closed/],
    ['A="multi\nline"', 1, /double quote at column 3 is never closed/],
    ['A="x" y', 1, /^Line 1: unexpected text "y" after the closing double quote; put a space and "#" before a comment\.$/],
    ["A='x'y", 1, /unexpected text "y" after the closing single quote/],
    // A second quote right after the closing one is text after the value: refused, not guessed at.
    ["A='it''", 1, /unexpected text "'" after the closing single quote/],
    ['A="\\"', 1, /never closed/],
  ])('%j → line %i', (text, line, message) => {
    const r = parseEnvText(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContainEqual({ line, message: expect.stringMatching(message) });
  });

  it('a bad line means nothing is applied: only the problems come back, every bad line listed', () => {
    const r = parseEnvText('GOOD=1\nBAD LINE=x\nALSO_GOOD=2\nX="open\nLAST=3\n');
    expect(r).toEqual({
      ok: false,
      problems: [
        { line: 2, message: 'Line 2: "BAD LINE" is not a valid name: a name must start with a letter, "_", "." or "-" and contain only letters, digits, "_", "." and "-".' },
        { line: 4, message: expect.stringMatching(/^Line 4: the double quote at column 3 is never closed/) },
      ],
    });
  });
});

describe('formatEnvText', () => {
  it.each<[string, string]>([
    ['plain', 'plain'],
    ['', ''],
    ['a=b:c/d.e@f%g+h,i-j_k', 'a=b:c/d.e@f%g+h,i-j_k'],
    ['two words', "'two words'"],
    ['#hash', "'#hash'"],
    [' padded ', "' padded '"],
    ['$HOME and "quotes"', `'$HOME and "quotes"'`],
    ["it's", `"it's"`],
    ['line\nbreak', '"line\\nbreak"'],
    ['cr\r\\"', '"cr\\r\\\\\\""'],
  ])('%j is written %s', (value, written) => {
    expect(quoteEnvValue(value)).toBe(written);
    expect(rowsOf(`V=${written}`)).toEqual([{ name: 'V', value }]);
  });

  it('writes one line per row, each ending in a line break', () => {
    expect(formatEnvText([{ name: 'A', value: '1' }, { name: 'B', value: 'x y' }])).toBe("A=1\nB='x y'\n");
    expect(formatEnvText([])).toBe('');
  });
});

const name = fc.stringMatching(/^[A-Za-z_.-][A-Za-z0-9_.-]{0,12}$/);
const anyValue = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 30 }).map((units) => String.fromCharCode(...units)),
  fc.array(fc.constantFrom(...' \t\r\n#\'"\\=$`a1é🐇'.split(''), ' #', '\\n'), { maxLength: 20 }).map((cs) => cs.join('')),
);

describe('properties', () => {
  it('parse(format(rows)) gives the same rows back, duplicates included', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name, value: anyValue }), { maxLength: 8 }), (rows) => {
        expect(rowsOf(formatEnvText(rows))).toEqual(rows);
      }),
      RUNS,
    );
  });

  it('never throws; a result is either rows or problems each naming a line of the text', () => {
    const piece = fc.constantFrom('A', 'b_1', '=', ' ', '\t', '#', '"', "'", '\\', 'export ', '\n', '\r\n', '1', 'é');
    const text = fc.oneof(fc.array(piece, { maxLength: 40 }).map((ps) => ps.join('')), anyValue);
    fc.assert(
      fc.property(text, (t) => {
        const r = parseEnvText(t);
        const lineCount = t.split(/\r\n|\r|\n/).length;
        if (r.ok) {
          for (const row of r.rows) expect(row.line).toBeGreaterThanOrEqual(1);
          // What was read is read the same way once written back.
          expect(rowsOf(formatEnvText(r.rows))).toEqual(r.rows.map(({ name: n, value }) => ({ name: n, value })));
        } else {
          expect(r.problems.length).toBeGreaterThan(0);
          for (const p of r.problems) {
            expect(p.line).toBeGreaterThanOrEqual(1);
            expect(p.line).toBeLessThanOrEqual(lineCount);
            expect(p.message.startsWith(`Line ${p.line}: `)).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('isSecretEnvName', () => {
  it.each([
    'PASSWORD', 'DB_PASSWORD', 'dbPassword', 'POSTGRES_PASSWORD', 'GITHUB_TOKEN', 'token', 'ACCESS-TOKEN', 'APP_SECRET', 'JWTSECRET',
    'KEY', 'STRIPE_KEY', 'stripe_key', 'ENCRYPTIONKEY', 'api.key', 'AWS_SECRET_ACCESS_KEY', 'PUBLIC_KEY',
    // Other credential names the app already masks everywhere.
    'DB_PASSWD', 'GOOGLE_APPLICATION_CREDENTIALS', 'BASIC_AUTH', 'SESSION_ID',
  ])('%s is masked', (n) => {
    expect(isSecretEnvName(n)).toBe(true);
  });

  it.each(['DATABASE_URL', 'KEYCLOAK_URL', 'TOKEN_TTL', 'SECRET_PATH', 'PASSWORD_MIN_LENGTH', 'PORT', 'NODE_ENV', 'KEYS', ''])('%s is shown', (n) => {
    expect(isSecretEnvName(n)).toBe(false);
  });

  it('masks every name the shared credential rule masks', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_]{0,10}(?:Password|_TOKEN|apikey|Secret|signature|pwd)?$/), (n) => {
        if (isSecretName(n)) expect(isSecretEnvName(n)).toBe(true);
      }),
      RUNS,
    );
  });
});
