// `npm start`: builds, then runs Burrow in Electron; where the Electron runtime cannot be had, opens the Chromium shell instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const run = (cmd, args, env = process.env) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;

if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);

function electronBinary() {
  const dir = join('node_modules', 'electron');
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron');
  const pathTxt = join(dir, 'path.txt');
  if (!existsSync(pathTxt)) return null;
  const bin = join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

const bin = electronBinary();
if (bin) process.exit(run(bin, ['.']));

console.log('The Electron runtime is not installed on this machine; opening Burrow in Chromium instead (npm run start:chromium).');
const headed = process.platform !== 'linux' || !!process.env.DISPLAY || !!process.env.WAYLAND_DISPLAY;
const xvfb = !headed && spawnSync('sh', ['-c', 'command -v xvfb-run']).status === 0;
if (!headed && !xvfb) {
  console.log('No display found (DISPLAY is unset) and xvfb-run is not installed: run it from a desktop session, or install xvfb.');
  process.exit(1);
}
if (xvfb) console.log('No display found (DISPLAY is unset): running inside a virtual display with xvfb-run.');
const shellCmd = ['npx', 'tsx', 'e2e/shell/start.ts'];
process.exit(xvfb ? run('xvfb-run', ['-a', ...shellCmd]) : run(shellCmd[0], shellCmd.slice(1)));
