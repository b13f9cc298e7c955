/** Saving in the Chromium shell: a page has no save dialog, so a save goes to the downloads folder, as a browser's would. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ChromiumDialogs, downloadsFolder } from './shell/ports.js';

test('a save lands in the downloads folder under the suggested name, made unique, and the shell says where', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'burrow-e2e-save-'));
  try {
    const downloads = join(dir, 'Downloads');
    const said: string[] = [];
    const dialogs = new ChromiumDialogs(() => undefined, { downloads, announce: (m) => said.push(m) });
    const first = await dialogs.saveFile({ title: 'Export log rows', defaultName: 'zone-1.csv' });
    expect(first).toBe(join(downloads, 'zone-1.csv'));
    // Not written yet, and still not handed out twice; an existing file is never replaced.
    expect(await dialogs.saveFile({ title: 'Export log rows', defaultName: 'zone-1.csv' })).toBe(join(downloads, 'zone-1 (1).csv'));
    await writeFile(join(downloads, 'other.log'), 'x');
    expect(await dialogs.saveFile({ title: 'Save', defaultName: 'other.log' })).toBe(join(downloads, 'other (1).log'));
    expect(await dialogs.saveFile({ title: 'Save', defaultName: '../../etc/passwd' })).toBe(join(downloads, '.._.._etc_passwd'));
    expect(said[0]).toBe(`Export log rows: saving to ${first}`);
    expect(downloadsFolder({ XDG_DOWNLOAD_DIR: '/data/dl' })).toBe('/data/dl');
    expect(downloadsFolder({})).toMatch(/Downloads$/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
