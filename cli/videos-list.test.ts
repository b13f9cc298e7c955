/** `burrow videos list` against a sandbox, run in process: the same core call as the app's library browser. */
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import type { CliIo } from './io.js';
import { runVideos } from './videos.js';
import { testHooks } from './testing/videos.js';

let sandbox: Sandbox;
let lib: Sandbox['libraries'][number];
let env: Record<string, string>;

beforeEach(async () => {
  sandbox = await startSandbox({ processingStepMs: 60_000 });
  lib = sandbox.libraries[0]!;
  env = { BUNNYNET_API_URL: sandbox.apiUrl, BUNNYNET_API_KEY: sandbox.accountKey, BURROW_VIDEO_URL: sandbox.videoUrl };
});
afterEach(async () => sandbox.close());

async function run(args: readonly string[], overrides: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: { isTTY: false, write: (c) => ((stdout += String(c)), true) },
    stderr: { isTTY: false, write: (c) => ((stderr += String(c)), true) },
    env: { ...env, ...overrides },
    home: '/nonexistent-burrow-home',
  };
  const code = await runVideos(['list', ...args], io, testHooks(), { exitGraceMs: null });
  return { code, stdout, stderr };
}

async function create(title: string, collectionId?: string): Promise<string> {
  const res = await fetch(`${sandbox.videoUrl}/library/${lib.id}/videos`, {
    method: 'POST',
    headers: { AccessKey: lib.key, 'content-type': 'application/json' },
    body: JSON.stringify(collectionId ? { title, collectionId } : { title }),
  });
  return ((await res.json()) as { guid: string }).guid;
}

async function firstCollection(): Promise<string> {
  const res = await fetch(`${sandbox.videoUrl}/library/${lib.id}/collections`, { headers: { AccessKey: lib.key } });
  return ((await res.json()) as { items: { guid: string }[] }).items[0]!.guid;
}

describe('burrow videos list', () => {
  it('prints a header row, then one line per video, newest first, with the count on stderr; searches, filters and sorts', async () => {
    const collection = await firstCollection();
    const a = await create('Alpha take');
    const b = await create('Beta take', collection);
    const c = await create('Gamma cut');

    const all = await run(['--library', String(lib.id)]);
    expect(all.code).toBe(0);
    const [header, ...lines] = all.stdout.trim().split('\n');
    // The column names stand over their columns: each starts where its values start (numbers end where theirs end).
    expect(header).toMatch(/^ID {34} {2}STATUS {21} {2} {2}LENGTH {2} {5}SIZE {2}TITLE$/);
    expect(lines.map((l) => l.slice(0, 36))).toEqual([c, b, a]);
    expect(lines[0]).toMatch(/^\S{36} {2}Waiting for its file {8}\s+— {2}\s+0 KB {2}Gamma cut$/);
    expect(all.stderr).toBe('Page 1 of 1 · 3 videos\n');

    const found = await run(['--library', String(lib.id), '--search', 'TAKE', '--order', 'title']);
    expect(found.stdout.trim().split('\n').slice(1).map((l) => l.slice(0, 36))).toEqual([a, b]);

    const filed = await run(['--library', String(lib.id), '--collection', collection, '--json']);
    expect(filed.code).toBe(0);
    const page = JSON.parse(filed.stdout) as { totalItems: number; page: number; items: { guid: string; title: string; collectionId: string | null; status: number }[] };
    expect(page).toMatchObject({ totalItems: 1, page: 1, itemsPerPage: 100 });
    expect(page.items).toEqual([expect.objectContaining({ guid: b, title: 'Beta take', collectionId: collection, status: 0 })]);

    const none = await run(['--library', String(lib.id), '--search', 'nothing like it']);
    expect(none).toMatchObject({ code: 0, stdout: '', stderr: 'No videos.\n' });
  });

  it('a video the platform sends that cannot be read is left out and counted; the others, with a new status and extra keys, are listed', async () => {
    const good = { guid: 'a1b2c3d4-0000-4000-8000-000000000001', title: 'Kept', status: 12, encodeProgress: 40, length: 61, storageSize: 1000, dateUploaded: '2021-09-17T06:43:56.0437666', captions: null, ja4: 'x' };
    const page = { totalItems: 2, currentPage: 1, itemsPerPage: 100, items: [good, { title: 'no id', status: 4 }], somethingNew: true };
    sandbox.faults.add({ method: 'GET', path: `/video/library/${lib.id}/videos`, times: 1, action: { kind: 'status', status: 200, body: page } });
    const r = await run(['--library', String(lib.id)]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stdout).toContain('Processing (status 12)');
    expect(r.stdout).toContain('Kept');
    expect(r.stderr).toContain('1 video on this page could not be read and is not listed (first: items.1.guid:');
  });

  it('pages: --per-page and --page pick the slice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await create(`Clip ${i}`));
    const second = await run(['--library', String(lib.id), '--per-page', '10', '--page', '2']);
    expect(second.stdout.trim().split('\n').slice(1).map((l) => l.slice(0, 36))).toEqual([ids[1], ids[0]]);
    expect(second.stderr).toBe('Page 2 of 2 · 12 videos\n');
  });

  it('a refused library key says each library has its own, and exits 1 without printing the key', async () => {
    const wrong = 'wrong-library-key-0000000000';
    const r = await run(['--library', String(lib.id), '--library-key', wrong]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The library key was refused (401)');
    expect(r.stderr).toContain('Each video library has its own API key');
    expect(r.stderr).not.toContain(wrong);
  });

  it('refuses bad words with exit 2 before any request', async () => {
    for (const [args, message] of [
      [[], '--library <id> is required'],
      [['--library', 'x'], '--library must be a library id'],
      [['--library', '1', '--order', 'views'], '--order must be date or title'],
      [['--library', '1', '--per-page', '5'], '--per-page must be a whole number from 10 to 1000'],
      [['--library', '1', 'extra'], 'videos list takes no operands'],
    ] as const) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    const help = await run(['--help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('usage: burrow videos list --library <id>');
  });
});
