/** Entry point lines split by shell quoting against a table, errors by column, and the join/split round trip as a property. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinCommandLine, splitCommandLine } from './command-line.js';

const RUNS = { numRuns: 500, seed: 7031 } as const;

function words(line: string): readonly string[] {
  const r = splitCommandLine(line);
  if (!r.ok) throw new Error(r.problem.message);
  return r.words;
}

describe('splitCommandLine', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['   \t ', []],
    ['nginx -g daemon\\ off;', ['nginx', '-g', 'daemon off;']],
    ['nginx -g "daemon off;"', ['nginx', '-g', 'daemon off;']],
    ["sh -c 'echo $HOME && exit 1'", ['sh', '-c', 'echo $HOME && exit 1']],
    ['  a   b\tc\nd  ', ['a', 'b', 'c', 'd']],
    ['"say \\"hi\\"" \'it\'\\\'\'s\'', ['say "hi"', "it's"]],
    ['"a\\\\b" "c\\d" "\\$x" "\\`y"', ['a\\b', 'c\\d', '$x', '`y']],
    ["'a\\b'", ['a\\b']],
    ['""', ['']],
    ["'' x", ['', 'x']],
    ['a"b c"d', ['ab cd']],
    ['one\\\ntwo', ['onetwo']],
    ['--flag=value --other="two words"', ['--flag=value', '--other=two words']],
    ['python -m http.server 8080', ['python', '-m', 'http.server', '8080']],
    ['echo 🐇 "é"', ['echo', '🐇', 'é']],
  ])('%j', (line, expected) => {
    expect(splitCommandLine(line)).toEqual({ ok: true, words: expected });
  });

  it.each<[string, number, RegExp]>([
    ["echo 'unclosed", 6, /^Column 6: this single quote is never closed; add a closing '/],
    ['echo "unclosed', 6, /^Column 6: this double quote is never closed; add a closing "\.$/],
    ['a "b" "c', 7, /double quote is never closed/],
    ['"it\'s', 1, /double quote is never closed/],
    ['trailing\\', 9, /^Column 9: a backslash at the end escapes nothing; remove it, or write \\\\ for a backslash\.$/],
    // Columns count characters as the user sees them: the rabbit is one, though two UTF-16 units.
    ["🐇 '", 3, /^Column 3: this single quote/],
  ])('%j → column %i', (line, column, message) => {
    expect(splitCommandLine(line)).toEqual({ ok: false, problem: { column, message: expect.stringMatching(message) } });
  });
});

describe('joinCommandLine', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['nginx', '-g', 'daemon off;'], "nginx -g 'daemon off;'"],
    [['--port=8080', 'a/b.c', 'user@host:1'], '--port=8080 a/b.c user@host:1'],
    [[''], "''"],
    [["it's"], "'it'\\''s'"],
    [['$HOME', '*', '~', '#x'], "'$HOME' '*' '~' '#x'"],
    [['line\nbreak'], "'line\nbreak'"],
  ])('%j → %s', (list, line) => {
    expect(joinCommandLine(list)).toBe(line);
  });
});

const anyText = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 }).map((units) => String.fromCharCode(...units)),
  fc.array(fc.constantFrom(...' \t\n\r\'"\\$`#~*a1=-é'.split(''), '🐇', "'\\''"), { maxLength: 12 }).map((cs) => cs.join('')),
);

describe('properties', () => {
  it('split(join(list)) equals the list, for any list of strings', () => {
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 8 }), (list) => {
        expect(splitCommandLine(joinCommandLine(list))).toEqual({ ok: true, words: list });
      }),
      RUNS,
    );
  });

  it('quotes only when needed: safe words are joined as they are', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9_@%+=:,./-]+$/), { maxLength: 8 }), (list) => {
        expect(joinCommandLine(list)).toBe(list.join(' '));
      }),
      RUNS,
    );
  });

  it('never throws; a problem points at a column inside the line', () => {
    fc.assert(
      fc.property(anyText, (line) => {
        const r = splitCommandLine(line);
        if (r.ok) return;
        expect(r.problem.column).toBeGreaterThanOrEqual(1);
        expect(r.problem.column).toBeLessThanOrEqual([...line].length);
        expect(r.problem.message.startsWith(`Column ${r.problem.column}: `)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a word list read from a line reads the same once joined again', () => {
    fc.assert(
      fc.property(anyText, (line) => {
        const r = splitCommandLine(line);
        if (r.ok) expect(words(joinCommandLine(r.words))).toEqual(r.words);
      }),
      RUNS,
    );
  });
});
