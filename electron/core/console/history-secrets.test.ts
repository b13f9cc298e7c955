/**
 * The console history never keeps a JSON body's credentials in clear: members named by the shared secret-name rule
 * (`Password`, `ApiKey`, `access_token`…) are masked at any depth and inside arrays, alongside the masked query
 * values and known keys; everything else is kept as typed (big numbers keep every digit).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseApiLine } from '../../../shared/console/command.js';
import { maskSecretMembers } from '../../../shared/common/json-text.js';
import { isSecretName, MASK } from '../../../shared/common/redact.js';
import { historyLine, resolveCommand } from './command.js';
import { ConsoleHistory } from './history.js';

const dir = mkdtempSync(join(tmpdir(), 'burrow-console-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bodyOf = (line: string) => {
  const p = parseApiLine(line);
  if (!p.ok) throw new Error(p.error.message);
  return p.command.body;
};

describe('history lines with JSON bodies', () => {
  it('masks top-level, nested and in-array credential members of any type; the rest stays as typed', async () => {
    const line = `api POST /user?token=abc123 --body '{"Name":"ann","Password":"hunter2","ApiKey":"k-123456","Id":9007199254740993,"Nested":{"client_secret":"s3cr3t","Keep":"yes"},"Items":[{"access_token":"t-1"},{"Other":1}],"Credentials":["x-1","x-2"],"Pin":1234,"SigningKey":null,"ReadOnlyPassword":""}'`;
    const kept = historyLine(line, []);
    for (const secret of ['hunter2', 'k-123456', 's3cr3t', 't-1', 'x-1', 'x-2', 'abc123']) expect(kept).not.toContain(secret);
    expect(kept).toContain('9007199254740993');
    expect(bodyOf(kept)).toEqual({
      Name: 'ann',
      Password: MASK,
      ApiKey: MASK,
      Id: 9007199254740992,
      Nested: { client_secret: MASK, Keep: 'yes' },
      Items: [{ access_token: MASK }, { Other: 1 }],
      Credentials: MASK,
      Pin: 1234,
      SigningKey: null,
      ReadOnlyPassword: '',
    });
    expect(kept.startsWith('api POST ')).toBe(true);
    expect(kept).toContain(`token=${MASK}`);
  });

  it('leaves a line with nothing secret exactly as typed, and masks a known key typed anywhere', () => {
    const plain = `api POST /dnszone -b '{"Domain": "a.com",  "Records": [1, 2]}'`;
    expect(historyLine(plain, [])).toBe(plain);
    expect(historyLine(`api POST /x --body '{"Note":"my-account-key-value"}'`, ['my-account-key-value'])).not.toContain('my-account-key-value');
  });

  it('what reaches the history file on disk holds no body credential', async () => {
    const history = new ConsoleHistory(dir);
    await history.add('p1', historyLine(`api PUT /x --body '{"Password":"on-disk-secret","Sub":[{"apiKey":"on-disk-key"}]}'`, []));
    const files = readdirSync(join(dir, 'console'));
    const text = files.map((f) => readFileSync(join(dir, 'console', f), 'utf8')).join('\n');
    expect(text).not.toContain('on-disk-secret');
    expect(text).not.toContain('on-disk-key');
    expect((await history.list('p1'))[0]).toContain(MASK);
  });

  it('the masker returns anything that is not JSON unchanged', () => {
    expect(maskSecretMembers('{"Password": ', isSecretName, MASK)).toEqual({ text: '{"Password": ', masked: 0 });
    expect(maskSecretMembers('  {"a" : [ {"Secret" : {"x": 1}} ] }  ', isSecretName, MASK)).toEqual({ text: `  {"a" : [ {"Secret" : "${MASK}"} ] }  `, masked: 1 });
  });
});

describe('history lines: environment-variable pairs and encoded query names', () => {
  it.each([
    [`post /x --body '[{"name":"DB_PASSWORD","value":"hunter2pw"}]'`, [{ name: 'DB_PASSWORD', value: MASK }]],
    [`post /x --body '{"EnvironmentVariables":[{"Name":"API_TOKEN","Value":"hunter2pw"},{"Name":"LOG_LEVEL","Value":"debug"}]}'`, { EnvironmentVariables: [{ Name: 'API_TOKEN', Value: MASK }, { Name: 'LOG_LEVEL', Value: 'debug' }] }],
    [`post /x --body '[{"VALUE":"hunter2pw","NAME":"STRIPE_KEY"}]'`, [{ VALUE: MASK, NAME: 'STRIPE_KEY' }]],
  ])('masks the value of a {name, value} pair whose name looks secret, keys in any case: %s', (line, body) => {
    const kept = historyLine(line, []);
    expect(kept).not.toContain('hunter2pw');
    expect(bodyOf(kept)).toEqual(body);
  });

  it('decodes a query name before the secret-name test, as URLs are redacted', () => {
    const kept = historyLine(`get "/x?token=abc&api%5Fkey=SECRETXYZ&page=2"`, []);
    expect(kept).not.toContain('SECRETXYZ');
    expect(kept).toContain(`api%5Fkey=${MASK}`);
    expect(kept).toContain('page=2');
  });

  it('what reaches the history file on disk holds neither', async () => {
    const history = new ConsoleHistory(dir);
    await history.add('p2', historyLine(`post /x --body '[{"name":"DB_PASSWORD","value":"pair-secret-on-disk"}]'`, []));
    await history.add('p2', historyLine(`get "/x?api%5Fkey=query-secret-on-disk"`, []));
    const text = readdirSync(join(dir, 'console'))
      .map((f) => readFileSync(join(dir, 'console', f), 'utf8'))
      .join('\n');
    expect(text).not.toContain('pair-secret-on-disk');
    expect(text).not.toContain('query-secret-on-disk');
    expect(await history.list('p2')).toHaveLength(2);
  });
});

describe('an unquoted JSON body typed in the app', () => {
  it('is sent as that JSON', () => {
    expect(resolveCommand('api POST /dnszone --body {"Domain": "a.com"}', '')).toMatchObject({ method: 'POST', path: '/dnszone', body: { Domain: 'a.com' } });
  });

  it('has its credentials masked in history like a quoted one', () => {
    const kept = historyLine('api POST /user --body {"Name": "ann", "Password": "hunter2"}', []);
    expect(kept).not.toContain('hunter2');
    expect(bodyOf(kept)).toEqual({ Name: 'ann', Password: MASK });
  });
});
