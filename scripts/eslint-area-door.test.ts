import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { areaDoor, ENFORCED_AREAS } from './eslint-area-door.js';

// burrow/area-door: who may import past an area's door (electron/core/<area>/index.ts), on probe files in memory.
const linter = new Linter({ cwd: '/repo' });

function refused(filename: string, code: string, areas?: string[]): string[] {
  const config: Linter.Config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    plugins: { burrow: { rules: { 'area-door': areaDoor } } },
    rules: { 'burrow/area-door': ['error', ...(areas ? [{ areas }] : [])] },
  };
  return linter.verify(code, config, { filename }).map((m) => (m.ruleId === 'burrow/area-door' ? m.message : `${m.ruleId}: ${m.message}`));
}

describe('burrow/area-door', () => {
  it.each([
    ['a sibling area', 'electron/core/videos/queue.ts', "import { isWeakBackend } from '../settings/secret-store.js';"],
    ['a sibling area, from a subfolder', 'electron/core/videos/fetch/store.ts', "import type { StoredProfile } from '../../settings/profile-store.js';"],
    ['the CLI', 'cli/apps.ts', "import { appsApi } from '../electron/core/apps/apps-api.js';"],
    ['a test of another area', 'electron/core/logs/area.test.ts', "import { FileRegistry } from '../files/registry.js';"],
    ['the core itself', 'electron/core/index.ts', "import { settingsHandlers } from './settings/handlers.js';"],
    ['an end-to-end spec', 'e2e/console.spec.ts', "import { EMBEDDED_SEED } from '../electron/core/settings/embedded-sandbox.js';"],
    ['a re-export', 'bench/cases/x.ts', "export * from '../../electron/core/console/spool.js';"],
    ['a dynamic import', 'cli/core.ts', "export const load = () => import('../electron/core/apps/drafts.js');"],
    ['a type import', 'sandbox/x.ts', "export type T = import('../electron/core/desktop/external.js').X;"],
    ["another area's test helpers, from product code", 'cli/videos.ts', "import { fetchHarness } from '../electron/core/videos/testing/fetch-harness.js';"],
  ])('refuses a deep import from %s', (_who, file, code) => {
    expect(refused(file, code)).toEqual([expect.stringMatching(/reaches past the \w+ area's door/)]);
  });

  it.each([
    ['the door', 'electron/core/videos/queue.ts', "import { isWeakBackend } from '../settings/index.js';"],
    ['the door, as a folder', 'cli/core.ts', "export const load = () => import('../electron/core/apps');"],
    ['the same area', 'electron/core/settings/service.ts', "import type { ProfileStore } from './profile-store.js';"],
    ["the area's testing/ folder", 'electron/core/apps/testing/fixtures.ts', "import { DraftStore } from '../drafts.js';"],
    ['a subfolder of the same area', 'electron/core/videos/upload/runner.ts', "import { Queue } from '../queue/queue.js';"],
    ['a part of the core that is no area', 'electron/core/apps/drafts.ts', "import { Serial } from '../fs/serial.js';"],
    ['a package', 'cli/apps.ts', "import { z } from 'zod';"],
    ["an area's test helpers, from a test", 'cli/videos-fetch.test.ts', "import { fetchHarness } from '../electron/core/videos/testing/fetch-harness.js';"],
  ])('lets through %s', (_who, file, code) => {
    expect(refused(file, code)).toEqual([]);
  });

  it('checks only the areas it is given', () => {
    const code = "import { a } from '../logs/rows.js';\nimport { b } from '../apps/drafts.js';";
    expect(refused('electron/core/videos/x.ts', code, ['apps'])).toEqual(["'../apps/drafts.js' reaches past the apps area's door: import from electron/core/apps/index.ts."]);
  });

  // The repository's own config: the rule is on for the core, the CLI, the bench, the sandbox, e2e and scripts.
  it.each(['electron/core/probe.ts', 'electron/main/probe.ts', 'cli/probe.ts', 'bench/probe.ts', 'sandbox/probe.test.ts', 'e2e/probe.spec.ts', 'scripts/probe.test.ts'])(
    'is on in %s for every enforced area',
    async (file) => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const up = '../'.repeat(file.split('/').length - 1);
      const code = ENFORCED_AREAS.map((area, i) => `import * as a${i} from '${up}electron/core/${area}/deep.js';\nexport { a${i} };`).join('\n');
      const [result] = await eslint.lintText(code, { filePath: file });
      expect(result?.messages.filter((m) => m.ruleId === 'burrow/area-door')).toHaveLength(ENFORCED_AREAS.length);
    },
  );
});
