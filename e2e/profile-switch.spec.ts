/**
 * Profile switches in the Chromium shell. Beside the embedded sandbox (the "Sandbox" profile) a second sandbox with
 * another seed runs as the profile "Second", and "Production" points at a port nobody listens on. Each sandbox holds
 * data of its own (an app, a video, zones with other ids, a console request naming one of them). In every area a
 * switch through the command palette drops what the old profile showed at once, then shows the new profile's data,
 * or, for the unreachable one, says in words that its platform could not be reached (never an empty list); switching
 * back shows the first profile's data again.
 */
import type { MethodName } from '../shared/contract/channels.js';
import type { MethodInput, MethodOutput } from '../shared/contract/index.js';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { expect, screenshot, test } from './fixtures.js';
import type { AppShell } from './pages/app-shell.js';
import { createOnPlatform, sandboxOf } from './pages/apps.js';
import type { Shell } from './shell/shell.js';

let second: Sandbox;
test.beforeEach(async () => {
  second = await startSandbox({ seed: 2, liveTraffic: false });
});
test.afterEach(async () => {
  await second.close();
});

/** Nothing listens on the discard port of loopback: every request to it is refused. */
const NOWHERE = 'http://127.0.0.1:9';
const UNREACHABLE = 'Could not reach the platform for profile Production';

/** Calls the core directly (setting up profiles as Settings would); a failure fails the test with its words. */
async function invoke<M extends MethodName>(shell: Shell, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = await shell.core.invoke(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.title} ${result.error.detail ?? ''}`);
  return result.value as MethodOutput<M>;
}

/** A real profile on these endpoints with this account key; the keys of the libraries the platform lists are stored. */
async function addProfile(shell: Shell, name: string, urls: { apiUrl: string; containersUrl: string; videoUrl: string; loggingUrl: string }, accountKey: string, libraries: readonly number[]) {
  const { apiUrl, containersUrl, videoUrl, loggingUrl } = urls;
  const p = await invoke(shell, 'settings.createProfile', { name, endpoints: { apiUrl, containersUrl, videoUrl, loggingUrl } });
  await invoke(shell, 'settings.setKey', { profileId: p.id, slot: { kind: 'account' }, value: accountKey });
  if (libraries.length > 0) await invoke(shell, 'settings.storeLibraryKeys', { id: p.id, libraryIds: [...libraries] });
}

/** A video (no file yet) in the sandbox's first library, made there directly. */
async function createVideo(sb: Sandbox, title: string): Promise<void> {
  const lib = sb.libraries[0]!;
  const res = await fetch(`${sb.videoUrl}/library/${lib.id}/videos`, {
    method: 'POST',
    headers: { AccessKey: lib.key, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  expect(res.status).toBe(200);
}

/** Switches the active profile from the command palette and waits until the window says which one is active. */
async function switchTo(app: AppShell, name: string): Promise<void> {
  await app.runCommand(`Switch to profile ${name}`);
  await expect(app.activeProfile).toHaveText(name);
}

test('every area drops the old profile’s data on a switch, shows the new one’s or says its platform cannot be reached, and shows the first again on the way back', async ({ app, shell }) => {
  test.setTimeout(300_000);
  // Each area reads what the platform holds: a slow, refused platform is retried before it is given up on.
  const answered = { timeout: 45_000 };

  await app.apps.open();
  const first = await sandboxOf(shell);
  expect(first.libraries[0]!.id).not.toBe(second.libraries[0]!.id);
  await addProfile(shell, 'Second', second, second.accountKey, second.libraries.map((l) => l.id));
  await addProfile(shell, 'Production', { apiUrl: NOWHERE, containersUrl: NOWHERE, videoUrl: NOWHERE, loggingUrl: NOWHERE }, 'production-key-0000', []);
  await createOnPlatform(first, 'alpha-shop');
  await createOnPlatform(second, 'bravo-shop');
  await createVideo(first, 'alpha-clip');
  await createVideo(second, 'bravo-clip');

  // Apps: the list and an open app's detail (with Delete…) go with their profile.
  const apps = app.apps;
  await apps.reread();
  await apps.openApp('alpha-shop');
  await switchTo(app, 'Second');
  await expect(apps.row('bravo-shop')).toBeVisible(answered);
  await expect(apps.content).not.toContainText('alpha-shop');
  await expect(apps.detail).toHaveCount(0);
  await switchTo(app, 'Production');
  await expect(apps.content).toContainText(UNREACHABLE, answered);
  await expect(apps.content).not.toContainText('bravo-shop');
  await expect(apps.content).not.toContainText('No applications yet');
  await screenshot(shell, 'profile-switch-apps-unreachable');
  await switchTo(app, 'Sandbox');
  await expect(apps.row('alpha-shop')).toBeVisible(answered);
  await expect(apps.content).not.toContainText('bravo-shop');

  // Videos: the library picker and the library browser's videos go with their profile.
  const videos = app.videos;
  await videos.open();
  const libA = first.libraries[0]!;
  const libB = second.libraries[0]!;
  await videos.library.selectOption(String(libA.id));
  await videos.content.getByRole('tab', { name: 'Library' }).click();
  const clip = (title: string) => videos.content.getByRole('textbox', { name: `Title of ${title}` });
  await expect(clip('alpha-clip')).toBeVisible(answered);
  await switchTo(app, 'Second');
  await expect(clip('bravo-clip')).toBeVisible(answered);
  await expect(videos.library).toHaveValue(String(libB.id));
  await expect(videos.content).not.toContainText(`(${libA.id})`);
  await expect(clip('alpha-clip')).toHaveCount(0);
  await switchTo(app, 'Production');
  await expect(videos.content).toContainText(UNREACHABLE, answered);
  await expect(videos.content).not.toContainText(/no video libraries/i);
  await expect(videos.content).not.toContainText(`(${libB.id})`);
  await expect(clip('bravo-clip')).toHaveCount(0);
  await screenshot(shell, 'profile-switch-videos-unreachable');
  await switchTo(app, 'Sandbox');
  await expect(clip('alpha-clip')).toBeVisible(answered);
  await expect(clip('bravo-clip')).toHaveCount(0);

  // Logs: the zone chosen and its rows go with their profile; the picker lists the new profile's zones.
  const logs = app.logs;
  await logs.open();
  const zoneA = first.pullZones.find((z) => z.name === 'demo-site')!;
  const zoneB = second.pullZones.find((z) => z.name === 'demo-site')!;
  expect(zoneA.id).not.toBe(zoneB.id);
  await logs.zone.selectOption(String(zoneA.id));
  await expect(logs.rows.first()).toBeVisible(answered);
  await switchTo(app, 'Second');
  await expect(logs.zone.locator(`option[value="${zoneB.id}"]`)).toHaveCount(1, answered);
  await expect(logs.zone.locator(`option[value="${zoneA.id}"]`)).toHaveCount(0);
  await expect(logs.zone).not.toHaveValue(String(zoneA.id));
  await expect(logs.rows).toHaveCount(0);
  await switchTo(app, 'Production');
  await expect(logs.content).toContainText(UNREACHABLE, answered);
  await expect(logs.zone.locator(`option[value="${zoneB.id}"]`)).toHaveCount(0);
  await switchTo(app, 'Sandbox');
  await expect(logs.zone.locator(`option[value="${zoneA.id}"]`)).toHaveCount(1, answered);

  // Console: the history and the last response are the profile's own.
  const consolePage = app.console;
  await consolePage.open();
  const line = `api GET /pullzone/${zoneA.id}`;
  await consolePage.sendExpecting(line, /^200/);
  await expect(consolePage.historyEntry(line)).toBeVisible();
  await switchTo(app, 'Second');
  await expect(consolePage.response).toHaveCount(0);
  await expect(consolePage.historyEntry(line)).toHaveCount(0);
  await switchTo(app, 'Sandbox');
  await expect(consolePage.historyEntry(line)).toBeVisible(answered);

  // Settings: switching there marks the new profile active and shows its details.
  const settings = app.settings;
  await settings.open();
  await settings.selectProfile('Second');
  await settings.makeActive();
  await expect(app.activeProfile).toHaveText('Second');
  await expect(settings.profile('Second')).toContainText('Active');
  await expect(settings.profile('Sandbox')).not.toContainText('Active');
  await expect(settings.detailHeading).toContainText('Second');
});
