import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules in eslint.config.js (who may import what), proven by linting probe files that break them (and ones that keep them).
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals' || m.ruleId === 'no-restricted-syntax');
}

describe('layer rules', () => {
  it.each([
    ['electron/core/probe.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['electron/core/probe.ts', "import { app } from 'electron/main';\nexport const x = app;\n"],
    ['sandbox/probe.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['sandbox/probe.ts', "import { createCore } from '../electron/core/index.js';\nexport const x = createCore;\n"],
    ['cli/probe.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['renderer/probe.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;\n"],
    ['renderer/probe.ts', "import { createCore } from '../electron/core/index.js';\nexport const x = createCore;\n"],
    ['renderer/probe.ts', "import { startSandbox } from '../sandbox/server.js';\nexport const x = startSandbox;\n"],
    ['shared/probe.ts', "import { join } from 'node:path';\nexport const x = join;\n"],
    ['shared/probe.ts', 'export const x = window.location;\n'],
    ['shared/probe.ts', 'export const x = process.env;\n'],
    // Only the bridge talks to TanStack Query; only the two transport files touch Electron's IPC objects.
    ['renderer/features/probe.tsx', "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n"],
    ['electron/main/probe.ts', "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n"],
    ['electron/core/probe.ts', 'export const send = (ipcRenderer: { send(c: string): void }) => ipcRenderer.send("x");\n'],
    // End-to-end specs wait on app signals, never on the clock.
    ['e2e/probe.spec.ts', "import { test } from '@playwright/test';\ntest('x', async ({ page }) => { await page.waitForTimeout(100); });\n"],
    ['e2e/pages/probe.ts', 'export const wait = () => new Promise((r) => setTimeout(r, 500));\n'],
  ])('%s may not: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['electron/main/probe.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['electron/preload/probe.ts', "import { contextBridge } from 'electron';\nexport const x = contextBridge;\n"],
    ['electron/core/probe.ts', "import { startSandbox } from '../../sandbox/server.js';\nexport const x = startSandbox;\n"],
    ['cli/probe.ts', "import { startSandbox } from '../sandbox/server.js';\nexport const x = startSandbox;\n"],
    ['renderer/probe.ts', "import { METHOD_NAMES } from '../shared/contract/channels';\nexport const x = METHOD_NAMES;\n"],
    ['renderer/bridge/probe.ts', "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n"],
    ['renderer/features/probe.tsx', "import { useCall } from '../bridge/queries';\nexport const x = useCall;\n"],
    ['electron/main/ipc.ts', "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});
