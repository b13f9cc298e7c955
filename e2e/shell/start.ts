/** `npm run start:chromium`: opens Burrow in a real Chromium window on this machine. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { launchShell } from './shell.js';

// The same folder Electron would use for userData, so profiles survive between runs.
const configHome = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
const dataDir = process.env.BURROW_DATA_DIR ?? join(configHome, 'Burrow');
const shell = await launchShell({ headless: false, dataDir });
console.log(`Burrow is open in Chromium (data in ${shell.dataDir}). Close the window or press Ctrl+C to quit.`);
const stop = async () => {
  await shell.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await shell.closed;
await stop();
