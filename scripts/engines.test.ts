/**
 * The Node that Burrow declares is one every installed package accepts: `npm install` on the oldest Node of each
 * range `engines` allows prints no EBADENGINE warning (npm checks each package's `engines.node` the same way), and the
 * README names that same Node.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// npm's own version-range rules: semver is what npm checks engines with (a devDependency, at the version npm uses).
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean;
};

interface LockPackage {
  readonly version?: string;
  readonly optional?: boolean;
  readonly engines?: { readonly node?: string } | readonly string[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };
const declared = pkg.engines.node;
/** The oldest Node of each alternative of the declared range: where a warning would show first. */
const oldest = declared.split('||').map((part) => semver.minVersion(part.trim())?.version ?? 'none');

describe('engines', () => {
  it('the lockfile declares the same Node as package.json', () => {
    expect(lock.packages['']?.engines).toEqual({ node: declared });
  });

  it.each(oldest)('every package npm installs accepts Node %s', (node) => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.optional !== true)
      .flatMap(([path, p]) => {
        const range = Array.isArray(p.engines) ? undefined : (p.engines as { node?: string } | undefined)?.node;
        return range !== undefined && !semver.satisfies(node, range, { includePrerelease: true }) ? [`${path}@${p.version ?? '?'} wants ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('the README names the oldest Node the range allows', () => {
    const [major, minor] = (oldest[0] ?? '').split('.');
    expect(readFileSync('README.md', 'utf8')).toContain(`Node.js ${major}.${minor} or later`);
  });
});
