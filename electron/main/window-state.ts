/** Remembers the main window's size and place in a small JSON file, restored only where it still fits a screen. */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowState {
  readonly bounds: Rect;
  readonly maximized: boolean;
}

/** The smallest window Burrow restores; anything smaller is a broken file, not a choice. */
export const MIN_SIZE = { width: 800, height: 560 } as const;

/** The size a fresh window opens with; Electron centres it. */
export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;

function isRect(value: unknown): value is Rect {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every((k) => Number.isSafeInteger(r[k]));
}

function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * The saved state if it is well-formed, at least MIN_SIZE, and lies wholly inside one display's work area;
 * otherwise null (a monitor was unplugged, the resolution dropped, or the file is junk), and the caller centres a default window.
 */
export function fitBoundsToDisplays(saved: unknown, workAreas: readonly Rect[]): WindowState | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { bounds, maximized } = saved as Record<string, unknown>;
  if (!isRect(bounds) || typeof maximized !== 'boolean') return null;
  if (bounds.width < MIN_SIZE.width || bounds.height < MIN_SIZE.height) return null;
  if (!workAreas.some((area) => contains(area, bounds))) return null;
  return { bounds: { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }, maximized };
}

/** Reads the saved state; a missing or unreadable file is simply no state. */
export function loadWindowState(file: string, workAreas: readonly Rect[]): WindowState | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return fitBoundsToDisplays(JSON.parse(text), workAreas);
  } catch {
    return null;
  }
}

/**
 * Writes the state atomically: temp file, fsync, rename. Synchronous on purpose, because it runs from the
 * window's `close` event, after which the process may exit before any promise settles.
 */
export function saveWindowState(file: string, state: WindowState): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
