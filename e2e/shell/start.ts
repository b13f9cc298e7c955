/** `npm run start:chromium`: opens Burrow in a real Chromium window on this machine. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { launchShell } from './shell.js';

// The same folder Electron would use for userData, so profiles survive between runs.
const configHome = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
const dataDir = process.env.BURROW_DATA_DIR ?? join(configHome, 'Burrow');
const smoke = process.argv.includes('--smoke');
// `--smoke --headed` opens the real window (on a display or under xvfb-run) to measure what surrounds the page.
const headed = !smoke || process.argv.includes('--headed');
let shell: Awaited<ReturnType<typeof launchShell>>;
try {
  shell = await launchShell({ headless: !headed, firstLook: true, dataDir: smoke ? undefined : dataDir });
} catch (e) {
  console.error(`Burrow could not open in Chromium: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
if (smoke) {
  // `--smoke`: prove the shell works as started from the command line (under tsx), then leave.
  const state = await shell.page
    .waitForSelector('#root[data-app-state="ready"], #root[data-app-state="error"]', { state: 'attached', timeout: 30_000 })
    .then((el) => el.getAttribute('data-app-state'))
    .catch(() => 'loading (never became ready)');
  console.log(`app state: ${state}`);
  // Everything the window draws around the page (tabs, address bar, info bars) is the outer size less the inner.
  const win = await shell.page.evaluate(() => ({ title: document.title, around: `${outerWidth - innerWidth}x${outerHeight - innerHeight}` }));
  console.log(`window title: ${win.title}; around the page: ${win.around} px`);
  await shell.close();
  process.exit(state === 'ready' ? 0 : 1);
}
console.log(`Burrow is open in Chromium (data in ${shell.dataDir}). Close the window or press Ctrl+C to quit.`);
const stop = async () => {
  await shell.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await shell.closed;
await stop();
