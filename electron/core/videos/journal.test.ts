import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, openJournal } from './journal.js';
import { newJobRecord } from './machine.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'burrow-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const job = (id: string) => newJobRecord({ id, profileId: 'p', position: 1, libraryId: 3, collectionId: 'c', path: `/v/${id}.mp4`, fileName: `${id}.mp4`, size: 10, mtimeMs: 1, fingerprint: 'f', addedAt: 0 });
const lines = async () => (await readFile(join(dir, JOURNAL_FILE), 'utf8')).split('\n').filter(Boolean);

describe('queue journal', () => {
  it('round-trips jobs, patches, removals and the concurrency setting, then compacts to a snapshot', async () => {
    const first = await openJournal(dir);
    expect(first.state.jobs.size).toBe(0);
    await first.journal.append({ t: 'job', job: job('a') }, { t: 'job', job: job('b') });
    await first.journal.append({ t: 'patch', id: 'a', patch: { state: 'uploading', videoId: 'va' } });
    await first.journal.append({ t: 'patch', id: 'a', patch: { uploaded: true } });
    await first.journal.append({ t: 'remove', id: 'b' });
    await first.journal.append({ t: 'set', concurrency: 4 });
    expect(await lines()).toHaveLength(6);
    await first.journal.close();

    const second = await openJournal(dir);
    expect([...second.state.jobs.keys()]).toEqual(['a']);
    expect(second.state.jobs.get('a')).toMatchObject({ state: 'uploading', videoId: 'va', uploaded: true, collectionId: 'c' });
    expect(second.state.concurrency).toBe(4);
    expect(second.recovered).toBeUndefined();
    // Compacted: one line per job and one for the setting.
    expect(await lines()).toHaveLength(2);
    await second.journal.append({ t: 'patch', id: 'a', patch: { note: 'x' } });
    expect(await lines()).toHaveLength(3);
    await second.journal.close();
  });

  it('loads a journal written before resumable uploads (no field) as plain uploads, and keeps the threshold setting', async () => {
    const { resumable: _absent, ...old } = job('old');
    await writeFile(join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'job', job: old })}\n${JSON.stringify({ t: 'set', concurrency: 3 })}\n`);
    const first = await openJournal(dir);
    expect(first.recovered).toBeUndefined();
    expect(first.state.jobs.get('old')).toMatchObject({ resumable: false, state: 'queued' });
    await first.journal.append({ t: 'patch', id: 'old', patch: { resumable: true } }, { t: 'set-resumable-over', bytes: 5 * 1024 * 1024 });
    await first.journal.close();

    const second = await openJournal(dir);
    expect(second.state.jobs.get('old')?.resumable).toBe(true);
    expect(second.state).toMatchObject({ concurrency: 3, resumableOver: 5 * 1024 * 1024 });
    // The compacted snapshot keeps both settings.
    expect(await lines()).toHaveLength(3);
    await second.journal.close();
  });

  it('appends exactly one line per change', async () => {
    const { journal } = await openJournal(dir);
    await journal.append(...Array.from({ length: 500 }, (_, i) => ({ t: 'job' as const, job: job(`j${i}`) })));
    const before = (await readFile(join(dir, JOURNAL_FILE))).length;
    await journal.append({ t: 'patch', id: 'j7', patch: { paused: true } });
    const after = await readFile(join(dir, JOURNAL_FILE), 'utf8');
    expect(after.slice(before)).toBe('{"t":"patch","id":"j7","patch":{"paused":true}}\n');
    await journal.close();
  });

  it('drops a last line cut short by a crash, quietly', async () => {
    const { journal } = await openJournal(dir);
    await journal.append({ t: 'job', job: job('a') });
    await journal.close();
    await appendFile(join(dir, JOURNAL_FILE), '{"t":"job","job":{"id":"b","profileId"');
    const again = await openJournal(dir);
    expect([...again.state.jobs.keys()]).toEqual(['a']);
    expect(again.recovered).toBeUndefined();
    await again.journal.close();
  });

  it('keeps an unreadable journal aside and reports it, never reading it as empty in silence', async () => {
    await writeFile(join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'job', job: job('a') })}\nnot json at all\n${JSON.stringify({ t: 'job', job: job('b') })}\n`);
    const opened = await openJournal(dir, { now: () => 1234 });
    expect(opened.recovered).toMatch(/could not be read \(line 2 is not JSON\).*queue\.journal\.unreadable-1234/);
    expect(opened.state.jobs.size).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([JOURNAL_FILE, `${JOURNAL_FILE}.unreadable-1234`]);
    expect(await readFile(join(dir, `${JOURNAL_FILE}.unreadable-1234`), 'utf8')).toContain('not json at all');
    await opened.journal.close();
  });

  it('refuses a line that is JSON but not a queue entry', async () => {
    await writeFile(join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'job', job: { ...job('a'), state: 'exploded' } })}\n`);
    const opened = await openJournal(dir, { now: () => 9 });
    expect(opened.recovered).toContain('line 1 is not a queue entry');
    await opened.journal.close();
  });
});
