import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitBoundsToDisplays, loadWindowState, saveWindowState, type Rect } from './window-state.js';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('fitBoundsToDisplays', () => {
  it('keeps a window that lies wholly on one display, on either monitor', () => {
    const onLaptop = { bounds: { x: 100, y: 50, width: 1200, height: 800 }, maximized: false };
    expect(fitBoundsToDisplays(onLaptop, [laptop])).toEqual(onLaptop);
    const onRight = { bounds: { x: 2000, y: 100, width: 1600, height: 1000 }, maximized: true };
    expect(fitBoundsToDisplays(onRight, [laptop, rightMonitor])).toEqual(onRight);
  });

  it('drops a window whose monitor is gone or that straddles two screens', () => {
    const onRight = { bounds: { x: 2000, y: 100, width: 1600, height: 1000 }, maximized: false };
    expect(fitBoundsToDisplays(onRight, [laptop])).toBeNull();
    const straddling = { bounds: { x: 1500, y: 100, width: 1000, height: 700 }, maximized: false };
    expect(fitBoundsToDisplays(straddling, [laptop, rightMonitor])).toBeNull();
    const offTop = { bounds: { x: 10, y: -5, width: 1000, height: 700 }, maximized: false };
    expect(fitBoundsToDisplays(offTop, [laptop])).toBeNull();
  });

  it('drops junk: tiny sizes, non-integers, missing fields, wrong types', () => {
    const junk: unknown[] = [
      null,
      'x',
      {},
      { bounds: { x: 0, y: 0, width: 10, height: 10 }, maximized: false },
      { bounds: { x: 0.5, y: 0, width: 1000, height: 700 }, maximized: false },
      { bounds: { x: 0, y: 0, width: Number.NaN, height: 700 }, maximized: false },
      { bounds: { x: 0, y: 0, width: 1000, height: 700 } },
      { bounds: { x: '0', y: 0, width: 1000, height: 700 }, maximized: false },
    ];
    for (const value of junk) expect(fitBoundsToDisplays(value, [laptop])).toBeNull();
  });
});

describe('loadWindowState / saveWindowState', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'burrow-window-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips through the file and leaves no temp file behind', async () => {
    const file = join(dir, 'window-state.json');
    const state = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true };
    saveWindowState(file, state);
    saveWindowState(file, state);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);
    expect(await readdir(dir)).toEqual(['window-state.json']);
    expect(loadWindowState(file, [laptop])).toEqual(state);
  });

  it('treats a missing or corrupt file as no state', async () => {
    expect(loadWindowState(join(dir, 'none.json'), [laptop])).toBeNull();
    await writeFile(join(dir, 'bad.json'), '{"bounds":');
    expect(loadWindowState(join(dir, 'bad.json'), [laptop])).toBeNull();
  });
});
