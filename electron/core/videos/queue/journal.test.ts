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

  it('keeps every line that reads when one does not, sets the damaged file aside and says what was lost', async () => {
    const original = [
      JSON.stringify({ t: 'job', job: job('a') }),
      'not json at all',
      JSON.stringify({ t: 'job', job: job('b') }),
      JSON.stringify({ t: 'patch', id: 'a', patch: { state: 'uploading', videoId: 'va' } }),
    ].join('\n') + '\n';
    await writeFile(join(dir, JOURNAL_FILE), original);
    const opened = await openJournal(dir, { now: () => 1234 });
    expect([...opened.state.jobs.keys()]).toEqual(['a', 'b']);
    expect(opened.state.jobs.get('a')).toMatchObject({ state: 'uploading', videoId: 'va' });
    expect(opened.recovered).toBe(
      `1 line of the upload queue could not be read (line 2 is not JSON); every other line was kept, and the damaged file was set aside as ${join(dir, `${JOURNAL_FILE}.damaged-1234`)}. A change recorded there (an upload added, or a step of one) may be missing.`,
    );
    expect((await readdir(dir)).sort()).toEqual([JOURNAL_FILE, `${JOURNAL_FILE}.damaged-1234`]);
    expect(await readFile(join(dir, `${JOURNAL_FILE}.damaged-1234`), 'utf8')).toBe(original);
    // The journal in use is the salvaged queue, and reads cleanly next time.
    await opened.journal.close();
    const again = await openJournal(dir);
    expect(again.recovered).toBeUndefined();
    expect([...again.state.jobs.keys()]).toEqual(['a', 'b']);
    await again.journal.close();
  });

  it('names the file of a damaged job record and the video of its later steps', async () => {
    const bad = { ...job('c'), fileName: 'c\u001b[2J.mp4', state: 'exploded' };
    await writeFile(join(dir, JOURNAL_FILE), [
      JSON.stringify({ t: 'job', job: job('a') }),
      JSON.stringify({ t: 'job', job: bad }),
      JSON.stringify({ t: 'patch', id: 'c', patch: { videoId: 'vc' } }),
      JSON.stringify({ t: 'patch', id: 'e', patch: { videoId: 've' } }),
      JSON.stringify({ t: 'remove', id: 'e' }),
      '{"t":"job","job":{"id":"d","fileName":"d.mp4","pro',
      JSON.stringify({ t: 'set', concurrency: 3 }),
    ].join('\n') + '\n');
    const opened = await openJournal(dir, { now: () => 9 });
    expect([...opened.state.jobs.keys()]).toEqual(['a']);
    expect(opened.state.concurrency).toBe(3);
    expect(opened.recovered).toContain('2 lines of the upload queue could not be read (line 2 (c?[2J.mp4) is not a queue entry, line 6 (d.mp4) is not JSON)');
    expect(opened.recovered).toContain('The uploads of c?[2J.mp4, d.mp4 may be missing from the queue: add them again if so.');
    expect(opened.recovered).toContain('Video vc belonged to an upload whose record was lost: check it in the library.');
    await opened.journal.close();
  });
});
