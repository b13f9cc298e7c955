/** The command line's version and User-Agent, from package.json. */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** `burrow --version`. */
export const VERSION = readVersion();

/** Sent with every request, as the official CLI sends `bunny-cli/<version>`. */
export const USER_AGENT = `burrow-cli/${VERSION}`;
