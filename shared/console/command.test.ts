import { showText } from './command-shell.js';
import { describe, expect, it } from 'vitest';
import { checkPath, formatApiCommand, parseApiArgs, parseApiLine, toCurl } from './command.js';
import { API_METHODS, MAX_BODY_BYTES, MAX_PATH_LENGTH, type ApiCommand, type ApiParse } from './command-types.js';

function command(r: ApiParse): ApiCommand {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.command;
}

function errorOf(r: ApiParse) {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.command)}`);
  return r.error;
}

describe('method', () => {
  it.each(API_METHODS.flatMap((m) => [m, m.toLowerCase(), m[0] + m.slice(1).toLowerCase()]))('%s is accepted and upper-cased', (m) => {
    expect(command(parseApiArgs([m, '/pullzone'])).method).toBe(m.toUpperCase());
  });

  it.each(['FOO', 'TRACE', 'CONNECT', 'GETT', 'G ET', 'poſt', 'ＧＥＴ', '', '1'])('%j is refused, naming the allowed methods', (m) => {
    const e = errorOf(parseApiArgs([m, '/pullzone']));
    expect(e.code).toBe('method');
    expect(e.message).toContain('GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
  });

  it('a line of flags only asks for the method', () => {
    expect(errorOf(parseApiLine('api --verbose')).code).toBe('method');
  });
});

describe('path', () => {
  it.each([
    ['/pullzone', '/pullzone'],
    ['pullzone', '/pullzone'],
    ['pullzone/12345', '/pullzone/12345'],
    ['/pullzone?page=1&perPage=10', '/pullzone?page=1&perPage=10'],
    ['storagezone?includeDeleted=true', '/storagezone?includeDeleted=true'],
    ['/dnszone/1/records', '/dnszone/1/records'],
    ['/', '/'],
    ['/a b', '/a b'],
    ['/search?q=a:b', '/search?q=a:b'],
    ['/x'.padEnd(MAX_PATH_LENGTH, 'x'), '/x'.padEnd(MAX_PATH_LENGTH, 'x')],
    ['x'.repeat(MAX_PATH_LENGTH - 1), `/${'x'.repeat(MAX_PATH_LENGTH - 1)}`],
  ])('%j → %j', (raw, path) => {
    expect(checkPath(raw)).toEqual({ ok: true, path });
  });

  it.each([
    ['', 'Path is required.'],
    ['http://evil.example/x', 'absolute URL'],
    ['https://api.bunny.net/pullzone', 'absolute URL'],
    ['HTTP://evil', 'absolute URL'],
    ['javascript:alert(1)', 'absolute URL'],
    ['file:///etc/passwd', 'absolute URL'],
    ['mailto:x@y', 'absolute URL'],
    ['pullzone:1', 'absolute URL'],
    ['//evil.example/x', '//'],
    ['///evil', '//'],
    ['\\\\evil', 'backslash'],
    ['/\\evil', 'backslash'],
    ['/a\\b', 'backslash'],
    ['/a\rb', 'control'],
    ['/a\nb', 'control'],
    ['/a\r\nHost: evil', 'control'],
    ['/a\u0000b', 'control'],
    ['/a\tb', 'control'],
    ['/a\u007fb', 'control'],
    ['/a\u0085b', 'control'],
    ['/a#frag', '#'],
    ['/x'.padEnd(MAX_PATH_LENGTH + 1, 'x'), 'limit is 2048'],
    ['x'.repeat(MAX_PATH_LENGTH), 'limit is 2048'],
  ])('%j is refused (%s)', (raw, words) => {
    const r = checkPath(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('path');
      expect(r.error.message).toContain(words);
    }
  });

  it('the position of a control character is reported', () => {
    const r = checkPath('/pull\nzone');
    expect(r.ok ? undefined : r.error.position).toBe(5);
  });

  it('missing path → "Path is required."', () => {
    expect(errorOf(parseApiArgs(['GET']))).toEqual({ code: 'path', message: 'Path is required.' });
    expect(errorOf(parseApiLine('burrow api get -v'))).toEqual({ code: 'path', message: 'Path is required.' });
  });
});

describe('body', () => {
  it('--body, -b and --body= take JSON; the text is kept as given', () => {
    for (const words of [['--body', '{"Domain":"a.com"}'], ['-b', '{"Domain":"a.com"}'], ['--body={"Domain":"a.com"}']]) {
      const c = command(parseApiArgs(['POST', '/dnszone', ...words]));
      expect(c.body).toEqual({ Domain: 'a.com' });
      expect(c.bodyText).toBe('{"Domain":"a.com"}');
    }
  });

  it.each([
    ['{"a":1 "b":2}', 7, 1, 8, "Expected ',' or '}'"],
    ['[1,2', 4, 1, 5, "Expected ',' or ']'"],
    ['[1,]', 3, 1, 4, 'expected a value'],
    ['{\n  "a": tru\n}', 9, 2, 8, 'expected a value'],
    ["{'a':1}", 1, 1, 2, 'property name in double quotes'],
    ['{"a" 1}', 5, 1, 6, "Expected ':'"],
    ['"abc', 4, 1, 5, 'Unterminated string'],
    ['"a\u0001"', 2, 1, 3, 'Bad control character'],
    ['"\\x"', 1, 1, 2, 'Bad escape'],
    ['"\\u12g4"', 1, 1, 2, 'Bad Unicode escape'],
    ['-', 1, 1, 2, 'No number after minus sign'],
    ['1.', 2, 1, 3, 'Unterminated fractional number'],
    ['1e+', 3, 1, 4, 'Exponent part is missing a number'],
    ['01', 1, 1, 2, 'after the JSON value'],
    ['{} {}', 3, 1, 4, 'after the JSON value'],
    ['', 0, 1, 1, 'Unexpected end of input'],
    ['   ', 3, 1, 4, 'Unexpected end of input'],
    ['\uFEFF{}', 0, 1, 1, 'expected a value'],
    ['NaN', 0, 1, 1, 'expected a value'],
  ])('%j → position %i (line %i, column %i): %s', (text, position, line, column, reason) => {
    const e = errorOf(parseApiArgs(['POST', '/x', '--body', text]));
    expect(e.code).toBe('body');
    expect(e.position).toBe(position);
    expect(e.message).toContain(`Invalid JSON body at position ${position} (line ${line}, column ${column}): `);
    expect(e.message).toContain(reason);
  });

  it.each(['null', '0', '-0', '1e5', '"x"', '[]', '{}', ' {"a":[1,{"b":null}]} ', '{"__proto__":{"x":1}}', '"\\ud800"'])('%j parses like JSON.parse', (text) => {
    const c = command(parseApiArgs(['PUT', '/x', '-b', text]));
    expect(c.body).toEqual(JSON.parse(text));
    expect(c.bodyText).toBe(text);
  });

  it('a body over the cap is refused before parsing; exactly the cap is fine', () => {
    const atCap = `"${'a'.repeat(MAX_BODY_BYTES - 2)}"`;
    expect(command(parseApiArgs(['POST', '/x', '-b', atCap])).bodyText).toHaveLength(MAX_BODY_BYTES);
    expect(errorOf(parseApiArgs(['POST', '/x', '-b', `${atCap} `])).code).toBe('body-too-large');
    // 2-byte characters: under the cap in UTF-16 units, over it in UTF-8 bytes.
    const wide = `"${'é'.repeat(MAX_BODY_BYTES / 2)}"`;
    expect(wide.length).toBeLessThan(MAX_BODY_BYTES);
    expect(errorOf(parseApiArgs(['POST', '/x', '-b', wide])).code).toBe('body-too-large');
    expect(errorOf(parseApiArgs(['POST', '/x', '-b', `{${' '.repeat(MAX_BODY_BYTES)}`])).code).toBe('body-too-large');
  });

  it('deep nesting is checked without recursion', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const r = parseApiArgs(['POST', '/x', '-b', deep]);
    expect(typeof r.ok).toBe('boolean');
    expect(errorOf(parseApiArgs(['POST', '/x', '-b', '['.repeat(200_000)])).code).toBe('body');
  });
});

describe('flags', () => {
  it('flags come in any order, before or after METHOD PATH', () => {
    const want = { method: 'POST', path: '/dnszone', verbose: true, profile: 'work', apiKey: 'k-123', body: { a: 1 }, bodyText: '{"a":1}' };
    expect(command(parseApiArgs(['POST', '/dnszone', '-v', '-p', 'work', '--api-key', 'k-123', '-b', '{"a":1}']))).toEqual(want);
    expect(command(parseApiArgs(['--api-key=k-123', 'POST', '--profile=work', '/dnszone', '--body={"a":1}', '--verbose']))).toEqual(want);
  });

  it('a value may start with a dash (a negative number body)', () => {
    expect(command(parseApiArgs(['POST', '/x', '--body', '-1'])).body).toBe(-1);
  });

  it('-- ends the flags', () => {
    expect(command(parseApiArgs(['GET', '--', '-weird'])).path).toBe('/-weird');
  });

  it.each([
    [['GET', '/x', '--bogus'], 'flag', 'Unknown flag "--bogus"'],
    [['GET', '/x', '-x'], 'flag', 'Unknown flag'],
    [['GET', '/x', '--verbose=1'], 'flag', 'takes no value'],
    [['POST', '/x', '--body'], 'flag', '--body needs a value'],
    [['POST', '/x', '-b', '1', '-b', '2'], 'flag', 'more than once'],
    [['GET', '/x', '--profile', ''], 'flag', 'non-empty'],
    [['GET', '/x', '--api-key='], 'flag', 'non-empty'],
    [['GET', '/x', '--profile'], 'flag', 'needs a value'],
    [['GET', '/x', 'extra'], 'usage', 'Unexpected argument "extra"'],
    [['POST', '/x', '--body', '{"a":', '1}'], 'usage', 'quote a JSON body'],
    [['GET', '/x', '--help'], 'usage', 'Usage: api <METHOD> <path>'],
    [[], 'empty', 'No command'],
  ])('%j → %s', (args, code, words) => {
    const e = errorOf(parseApiArgs(args));
    expect(e.code).toBe(code);
    expect(e.message).toContain(words);
  });
});

describe('parseApiLine', () => {
  it.each([
    'GET /pullzone',
    'api GET /pullzone',
    'burrow api GET /pullzone',
    'burrow GET /pullzone',
    'bunny api get /pullzone',
    '  api\tget   pullzone  ',
    "api 'GET' \"/pullzone\"",
    'api G\\ET /pull\\zone',
  ])('%j → GET /pullzone', (line) => {
    expect(command(parseApiLine(line))).toEqual({ method: 'GET', path: '/pullzone', verbose: false });
  });

  it('quoting works as in a shell', () => {
    const c = command(parseApiLine(`api post /dnszone --body '{"Domain": "it'\\''s.com"}' -p "my \\"work\\" profile"`));
    expect(c.body).toEqual({ Domain: "it's.com" });
    expect(c.profile).toBe('my "work" profile');
    expect(command(parseApiLine('api POST /x -b "{\\"a\\": \\"\\$HOME\\`x \\\\\\\\\\"}"')).body).toEqual({ a: '$HOME`x \\' });
    expect(command(parseApiLine("api POST /x \\\n  --body '[1,\n2]'")).body).toEqual([1, 2]);
  });

  it.each([
    ["api GET '/x", 8, 'single quote'],
    ['api GET "/x', 8, 'double quote'],
    ['api POST /x -b "{\\"a\\"}', 15, 'double quote'],
    ['api GET /x\\', 10, 'backslash at the end'],
  ])('%j → quote error at %i', (line, position, words) => {
    const e = errorOf(parseApiLine(line));
    expect(e).toMatchObject({ code: 'quote', position });
    expect(e.message).toContain(words);
  });

  it.each(['', '   ', 'api', 'burrow', 'burrow api', "''"])('%j → empty', (line) => {
    const r = parseApiLine(line);
    expect(r.ok ? 'ok' : r.error.code).toBe(line === "''" ? 'method' : 'empty');
  });

  it('an unquoted body with spaces hints at quoting', () => {
    expect(errorOf(parseApiLine('api POST /dnszone --body {"Domain": "a.com"}')).message).toContain('quote a JSON body');
  });

  it('shell-unsafe path characters need quoting, as in a terminal', () => {
    expect(command(parseApiLine("api GET '/pullzone?page=1&perPage=5'")).path).toBe('/pullzone?page=1&perPage=5');
    expect(errorOf(parseApiLine('api GET /a b')).code).toBe('usage');
  });
});

describe('formatApiCommand and toCurl', () => {
  const cmd: ApiCommand = { method: 'POST', path: '/dnszone?x=1&y=2', body: { Domain: "it's.com" }, bodyText: '{"Domain": "it\'s.com"}', verbose: true, profile: 'my work', apiKey: 'secret-key-123' };

  it('formats a quoted line without the key', () => {
    const line = formatApiCommand(cmd);
    expect(line).toBe(`api POST '/dnszone?x=1&y=2' --body '{"Domain": "it'\\''s.com"}' --verbose --profile 'my work'`);
    expect(line).not.toContain('secret-key-123');
    const { apiKey: _key, ...rest } = cmd;
    expect(command(parseApiLine(line))).toEqual(rest);
  });

  it('uses JSON.stringify when only the value is known', () => {
    expect(formatApiCommand({ method: 'PUT', path: '/x', body: null, verbose: false })).toBe("api PUT /x --body null");
    expect(formatApiCommand({ method: 'GET', path: '/x', verbose: false })).toBe('api GET /x');
  });

  it('curl uses a variable for the key, never the key', () => {
    const curl = toCurl(cmd, 'https://api.bunny.net/');
    expect(curl).toBe(
      `curl -X POST 'https://api.bunny.net/dnszone?x=1&y=2' -H "AccessKey: $BUNNYNET_API_KEY" -H 'Accept: application/json' -H 'Content-Type: application/json' --data '{"Domain": "it'\\''s.com"}'`,
    );
    expect(curl).not.toContain('secret-key-123');
    expect(toCurl({ method: 'GET', path: '/pullzone', verbose: false }, 'http://127.0.0.1:1234', '$KEY')).toBe(
      `curl -X GET http://127.0.0.1:1234/pullzone -H "AccessKey: $KEY" -H 'Accept: application/json'`,
    );
    expect(toCurl({ method: 'HEAD', path: '/x', verbose: false }, 'https://a.b')).toContain('curl -X HEAD -I ');
  });
});

describe('showText: user text in error messages', () => {
  it('quotes it and shows every unsafe character as an escape, the same set the console escapes', () => {
    expect(showText('a\u200bb\u2028c\ufeffd\u202ee\u0085f\u007f')).toBe('"a\\u200bb\\u2028c\\ufeffd\\u202ee\\u0085f\\u007f"');
    expect(showText('tab\there\n')).toBe('"tab\\there\\n"');
    expect(showText('x'.repeat(50))).toBe(`"${'x'.repeat(40)}…"`);
  });
});

describe('the app command line reads an unquoted JSON body whole (lenientBody)', () => {
  const lenient = (line: string) => parseApiLine(line, { lenientBody: true });

  it.each([
    ['api POST /dnszone --body {"Domain": "a.com"}', { Domain: 'a.com' }],
    ['api POST /x -b {"a":1} --verbose', { a: 1 }],
    ['api POST /x --body={"a": [1, 2]}', { a: [1, 2] }],
    ['api POST /x --body [1, {"b": "} ]"}]', [1, { b: '} ]' }]],
    [`api POST /x --body {"Domain": "it's.com"}`, { Domain: "it's.com" }],
    ['api POST /x --body   {"a": "x \\"y\\" z"}', { a: 'x "y" z' }],
  ])('%s', (line, body) => {
    const cmd = command(lenient(line));
    expect(cmd.body).toEqual(body);
    expect(JSON.parse(cmd.bodyText!)).toEqual(body);
  });

  it('keeps the flags after the body', () => {
    expect(command(lenient('api POST /x --body {"a": 1} --verbose'))).toMatchObject({ verbose: true, body: { a: 1 } });
  });

  it('a quoted body means the same as before', () => {
    for (const line of [`api POST /x --body '{"a": 1}'`, `api POST /x --body "{\\"a\\": 1}"`]) {
      expect(command(lenient(line))).toEqual(command(parseApiLine(line)));
    }
  });

  it('bracketed text that is not JSON is refused by the JSON rules, with the position', () => {
    expect(errorOf(lenient('api POST /dnszone --body {"Domain": }'))).toMatchObject({ code: 'body', position: 11 });
    expect(errorOf(lenient('api POST /x --body {a: 1}'))).toMatchObject({ code: 'body', position: 1 });
  });

  it('a bracket that never closes, or text glued after it, is left to the shell rules', () => {
    expect(errorOf(lenient('api POST /x --body {"a": 1}x')).message).toContain('quote a JSON body');
    expect(errorOf(lenient('api POST /x --body {"a":1')).code).toBe('body');
  });

  it('--body inside a quoted word is not a flag', () => {
    expect(command(lenient(`api GET '/x?q=--body {"a": 1}'`)).path).toBe('/x?q=--body {"a": 1}');
  });

  it('without the option (the burrow api command, a shell line) the unquoted body still needs quotes', () => {
    expect(errorOf(parseApiLine('api POST /dnszone --body {"Domain": "a.com"}')).message).toContain('quote a JSON body');
  });
});
