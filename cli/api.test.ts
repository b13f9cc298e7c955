/** `burrow api` as a spawned process against a sandbox: methods, bodies from flag / pipe / file, profiles. */
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBurrow, startFixture, type Fixture } from './testing/support.js';

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(async () => {
  await f.close();
});

async function domains(env: Record<string, string>): Promise<string[]> {
  const listed = await runBurrow(['api', 'GET', '/dnszone?perPage=1000'], { env });
  expect(listed.code).toBe(0);
  return (JSON.parse(listed.stdout) as { Items: { Domain: string }[] }).Items.map((z) => z.Domain);
}

describe('burrow api', () => {
  it('get and GET give the same output: the pull zones, pretty-printed with 2 spaces', async () => {
    const lower = await runBurrow(['api', 'get', 'pullzone'], { env: f.env });
    const upper = await runBurrow(['api', 'GET', '/pullzone'], { env: f.env });
    expect(lower.code).toBe(0);
    expect(upper.code).toBe(0);
    expect(lower.stdout).toBe(upper.stdout);
    const zones = JSON.parse(upper.stdout) as { Id: number }[];
    expect(zones.map((z) => z.Id).sort()).toEqual(f.sandbox.pullZones.map((z) => z.id).sort());
    expect(upper.stdout).toBe(`${JSON.stringify(zones, null, 2)}\n`);
    expect(upper.stderr).toBe('');
  });

  it('-b inline: POST /dnszone creates a zone, then GET lists it', async () => {
    const created = await runBurrow(['api', 'post', '/dnszone', '-b', '{"Domain":"inline.example"}'], { env: f.env });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ Domain: 'inline.example' });
    expect(await domains(f.env)).toContain('inline.example');
  });

  it('the body piped on standard input', async () => {
    const created = await runBurrow(['api', 'POST', '/dnszone'], { env: f.env, stdin: '{"Domain": "piped.example"}\n' });
    expect(created.code).toBe(0);
    expect(await domains(f.env)).toContain('piped.example');
  });

  it('the body redirected from a file', async () => {
    const file = join(f.home, 'zone.json');
    writeFileSync(file, '{\n  "Domain": "from-file.example"\n}\n');
    const fd = openSync(file, 'r');
    try {
      const created = await runBurrow(['api', 'post', 'dnszone'], { env: f.env, stdin: fd });
      expect(created.code).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(await domains(f.env)).toContain('from-file.example');
  });

  it('--body wins over standard input, which is not even read (a pipe left open does not block)', async () => {
    const created = await runBurrow(['api', 'POST', '/dnszone', '--body', '{"Domain":"flag.example"}'], { env: f.env, stdin: 'open' });
    expect(created.code).toBe(0);
    const both = await runBurrow(['api', 'POST', '/dnszone', '--body={"Domain":"flag2.example"}'], { env: f.env, stdin: '{"Domain":"stdin.example"}' });
    expect(both.code).toBe(0);
    const all = await domains(f.env);
    expect(all).toEqual(expect.arrayContaining(['flag.example', 'flag2.example']));
    expect(all).not.toContain('stdin.example');
  });

  it('GET does not wait for standard input', async () => {
    const got = await runBurrow(['api', 'GET', '/pullzone'], { env: f.env, stdin: 'open' });
    expect(got.code).toBe(0);
  });

  it('empty standard input means no body (the platform then asks for the field)', async () => {
    const r = await runBurrow(['api', 'POST', '/dnszone'], { env: f.env, stdin: '  \n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 400');
  });

  it('a profile from the config file when no key is in the environment (--profile other)', async () => {
    const { BUNNYNET_API_KEY: _k, BUNNYNET_API_URL: _u, ...env } = f.env;
    mkdirSync(join(f.home, 'xdg'), { recursive: true });
    writeFileSync(
      join(f.home, 'xdg', 'bunnynet.json'),
      JSON.stringify({ profiles: { default: { api_key: 'not-the-key', api_url: f.sandbox.apiUrl }, other: { api_key: f.sandbox.accountKey, api_url: f.sandbox.apiUrl } } }),
    );
    const other = await runBurrow(['api', 'GET', '/pullzone', '--profile', 'other'], { env });
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout)).toHaveLength(f.sandbox.pullZones.length);
    const byDefault = await runBurrow(['api', 'GET', '/pullzone'], { env });
    expect(byDefault.code).toBe(1);
    expect(byDefault.stderr).toContain('HTTP 401');
    const missing = await runBurrow(['api', 'GET', '/pullzone', '-p', 'nobody'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Profile "nobody" not found');
  });

  it('~/.config/bunnynet.json when XDG_CONFIG_HOME is not set; the environment key wins over it', async () => {
    const { BUNNYNET_API_KEY: _k, BUNNYNET_API_URL: _u, XDG_CONFIG_HOME: _x, ...env } = f.env;
    mkdirSync(join(f.home, '.config'), { recursive: true });
    writeFileSync(join(f.home, '.config', 'bunnynet.json'), JSON.stringify({ profiles: { default: { api_key: f.sandbox.accountKey, api_url: f.sandbox.apiUrl } } }));
    expect((await runBurrow(['api', 'GET', '/pullzone'], { env })).code).toBe(0);
    const envWins = await runBurrow(['api', 'GET', '/pullzone'], { env: { ...env, BUNNYNET_API_KEY: 'wrong-key-from-env' } });
    expect(envWins.code).toBe(1);
    const flagWins = await runBurrow(['api', 'GET', '/pullzone', '--api-key', f.sandbox.accountKey], { env: { ...env, BUNNYNET_API_KEY: 'wrong-key-from-env' } });
    expect(flagWins.code).toBe(0);
  });

  it('~/.bunnynet.json when it is the only config file', async () => {
    const { BUNNYNET_API_KEY: _k, BUNNYNET_API_URL: _u, XDG_CONFIG_HOME: _x, ...env } = f.env;
    writeFileSync(join(f.home, '.bunnynet.json'), JSON.stringify({ profiles: { default: { api_key: f.sandbox.accountKey, api_url: f.sandbox.apiUrl } } }));
    const r = await runBurrow(['api', 'GET', '/pullzone', '-v'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`key from profile "default" in ${join(f.home, '.bunnynet.json')}`);
  });

  it('$XDG_CONFIG_HOME/bunnynet.json wins over ~/.config/bunnynet.json, which wins over ~/.bunnynet.json', async () => {
    const { BUNNYNET_API_KEY: _k, BUNNYNET_API_URL: _u, ...env } = f.env;
    const files = [join(f.home, 'xdg', 'bunnynet.json'), join(f.home, '.config', 'bunnynet.json'), join(f.home, '.bunnynet.json')];
    mkdirSync(join(f.home, 'xdg'), { recursive: true });
    mkdirSync(join(f.home, '.config'), { recursive: true });
    for (const [i, winner] of files.entries()) {
      // The files before it are gone; only the one expected to win holds the right key, so the status agrees with the file named.
      for (const file of files.slice(i)) {
        const key = file === winner ? f.sandbox.accountKey : 'key-of-a-losing-file';
        writeFileSync(file, JSON.stringify({ profiles: { default: { api_key: key, api_url: f.sandbox.apiUrl } } }));
      }
      const r = await runBurrow(['api', 'GET', '/pullzone', '-v'], { env });
      expect(r.stderr, winner).toContain(`key from profile "default" in ${winner}`);
      expect(r.code, winner).toBe(0);
      rmSync(winner);
    }
  });
});
