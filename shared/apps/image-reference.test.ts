/** The image reference parser against a table of references, and its properties (never throws, round trip, platform patterns hold). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PATTERNS } from './schema.js';
import {
  MAX_NAME_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TAG_LENGTH,
  formatImageReference,
  parseImageReference,
  type ImageReference,
  type ImageReferenceField,
} from './image-reference.js';

const HEX = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
const DIGEST = `sha256:${HEX}`;
const RUNS = { numRuns: 500, seed: 11042024 } as const;
/** Any UTF-16 text, lone surrogates included (cheaper to generate than fast-check's binary strings). */
const anyCodeUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 80 }).map((units) => String.fromCharCode(...units));

const ref = (registryHost: string, namespace: string, name: string, tag = 'latest', digest: string | null = null): ImageReference => ({
  registryHost,
  namespace,
  name,
  tag,
  digest,
});

describe('parseImageReference: valid references', () => {
  it.each<[string, ImageReference]>([
    ['nginx', ref('docker.io', 'library', 'nginx')],
    ['nginx:1.27', ref('docker.io', 'library', 'nginx', '1.27')],
    ['  nginx:1.27\n', ref('docker.io', 'library', 'nginx', '1.27')],
    ['bitnami/redis', ref('docker.io', 'bitnami', 'redis')],
    ['docker.io/nginx', ref('docker.io', 'library', 'nginx')],
    ['docker.io/library/nginx:latest', ref('docker.io', 'library', 'nginx')],
    ['index.docker.io/nginx', ref('docker.io', 'library', 'nginx')],
    ['registry-1.docker.io/bitnami/redis:7', ref('docker.io', 'bitnami', 'redis', '7')],
    ['Docker.IO/nginx', ref('docker.io', 'library', 'nginx')],
    [`ghcr.io/acme/team/api:v1.2@${DIGEST}`, ref('ghcr.io', 'acme/team', 'api', 'v1.2', DIGEST)],
    [`ghcr.io/acme/api@${DIGEST}`, ref('ghcr.io', 'acme', 'api', 'latest', DIGEST)],
    ['ghcr.io/api', ref('ghcr.io', '', 'api')],
    ['localhost:5000/app', ref('localhost:5000', '', 'app')],
    ['localhost/app:dev', ref('localhost', '', 'app', 'dev')],
    ['localhost:5000/team/app:1', ref('localhost:5000', 'team', 'app', '1')],
    ['10.0.0.7:5000/app', ref('10.0.0.7:5000', '', 'app')],
    ['[::1]:5000/app', ref('[::1]:5000', '', 'app')],
    ['Registry.Example.COM/a/b', ref('registry.example.com', 'a', 'b')],
    // The first component is a repository name unless it has a '.' or ':' or is localhost.
    ['acme/api', ref('docker.io', 'acme', 'api')],
    ['ghcr.io', ref('docker.io', 'library', 'ghcr.io')],
    ['localhost:5000', ref('docker.io', 'library', 'localhost', '5000')],
    ['my_org/my__app.v2-x--y', ref('docker.io', 'my_org', 'my__app.v2-x--y')],
    ['nginx:V1_2-rc.3', ref('docker.io', 'library', 'nginx', 'V1_2-rc.3')],
    [`nginx:${'a'.repeat(128)}`, ref('docker.io', 'library', 'nginx', 'a'.repeat(128))],
  ])('%s', (text, expected) => {
    expect(parseImageReference(text)).toEqual({ ok: true, value: expected });
  });
});

describe('parseImageReference: problems name their field and rule', () => {
  it.each<[string, ImageReferenceField, RegExp]>([
    ['', 'reference', /Paste an image reference/],
    ['   ', 'reference', /Paste an image reference/],
    ['nginx latest', 'reference', /cannot contain spaces/],
    ['https://ghcr.io/acme/api', 'reference', /leave out the "https:\/\/"/],
    ['Nginx', 'name', /must be lowercase: "Nginx" has capital letters/],
    ['ghcr.io/Acme/api', 'namespace', /must be lowercase: "Acme"/],
    ['acme/API:1', 'name', /must be lowercase/],
    ['ghcr.io//api', 'namespace', /cannot have an empty part/],
    ['ghcr.io/acme/', 'name', /cannot have an empty part/],
    ['/nginx', 'namespace', /cannot have an empty part/],
    ['acme/-api', 'name', /start and end with a letter or digit/],
    ['acme/api.', 'name', /start and end with a letter or digit/],
    ['acme/a..b', 'name', /joining them only with/],
    ['acme/a+b', 'name', /joining them only with/],
    ['acme/a---b', 'name', /at most two separators/],
    ['a---b/api', 'namespace', /at most two separators/],
    ['ex_ample.com:5000/app', 'registryHost', /must be a domain name or IP address/],
    ['ghcr.io:port/app', 'registryHost', /must be a domain name or IP address/],
    ['nginx:', 'tag', /A tag cannot be empty/],
    [`nginx:${'a'.repeat(129)}`, 'tag', /at most 128 characters; this one has 129/],
    ['nginx:-dev', 'tag', /cannot start with "." or "-"/],
    ['nginx:1.2!', 'tag', /only letters, digits/],
    ['nginx:_dev', 'tag', /The platform needs a tag that starts and ends with a letter or digit/],
    ['nginx:1...2', 'tag', /at most two of/],
    ['nginx@', 'digest', /A digest cannot be empty/],
    [`nginx@${DIGEST}@${DIGEST}`, 'digest', /only one "@"/],
    ['nginx@sha256:abc', 'digest', /64 lowercase hex digits .*this one has 3 characters/],
    [`nginx@sha256:${HEX.toUpperCase()}`, 'digest', /this one has 64 characters, not all of them lowercase hex/],
    [`nginx@sha512:${HEX}${HEX}`, 'digest', /only sha256 digests.*uses "sha512"/],
    [`nginx@${HEX}`, 'digest', /only sha256 digests.*names no algorithm/],
    [`${'a'.repeat(250)}/${'b'.repeat(10)}`, 'reference', /at most 255 characters; this one has 261/],
  ])('%s → %s', (text, field, message) => {
    const result = parseImageReference(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toContainEqual({ field, message: expect.stringMatching(message) });
  });

  it('refuses text longer than any valid reference before the grammar runs (a long paste answers at once)', () => {
    const longest = `${'a'.repeat(MAX_NAME_LENGTH)}:${'t'.repeat(MAX_TAG_LENGTH)}@${DIGEST}`;
    expect(longest).toHaveLength(MAX_REFERENCE_LENGTH);
    expect(parseImageReference(longest).ok).toBe(true);
    expect(parseImageReference(`${longest}0`)).toEqual({
      ok: false,
      problems: [{ field: 'reference', message: `An image reference may be at most ${MAX_REFERENCE_LENGTH} characters; this one has ${MAX_REFERENCE_LENGTH + 1}.` }],
    });
    expect(parseImageReference(`a${'-'.repeat(1_000_000)}!`).ok).toBe(false);
  });

  it('lists every problem, not only the first', () => {
    const result = parseImageReference(`ghcr.io/Acme/api:${'x'.repeat(200)}@md5:00`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field)).toEqual(['namespace', 'tag', 'digest']);
  });
});

describe('formatImageReference', () => {
  it.each<[ImageReference, string]>([
    [ref('docker.io', 'library', 'nginx'), 'docker.io/library/nginx:latest'],
    [ref('ghcr.io', 'acme/team', 'api', 'v1.2', DIGEST), `ghcr.io/acme/team/api:v1.2@${DIGEST}`],
    [ref('ghcr.io', '', 'api', '1'), 'ghcr.io/api:1'],
    [ref('localhost:5000', '', 'app'), 'localhost:5000/app:latest'],
  ])('%o → %s', (parts, text) => {
    expect(formatImageReference(parts)).toBe(text);
  });
});

const alnum = fc.stringMatching(/^[a-z0-9]{1,6}$/);
/** Separators both the grammar and the platform allow. */
const separator = fc.constantFrom('.', '_', '__', '-', '--');
const component = fc
  .tuple(alnum, fc.array(fc.tuple(separator, alnum), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([s, a]) => s + a).join(''));
const domain = fc
  .array(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,4}[a-z0-9])?$/), { minLength: 2, maxLength: 3 })
  .map((labels) => labels.join('.'))
  .filter((d) => !['docker.io', 'index.docker.io', 'registry-1.docker.io'].includes(d));
const port = fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`);
const host = fc.oneof(
  fc.constant('docker.io'),
  fc.tuple(fc.oneof(domain, fc.constant('localhost'), fc.constant('[::1]')), fc.option(port, { nil: '' })).map(([h, p]) => h + p),
  fc.tuple(domain, port).map(([h, p]) => h + p),
);
const tag = fc
  .tuple(fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/), fc.array(fc.tuple(fc.constantFrom('.', '_', '-', '._', '--', '-.'), fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/)), { maxLength: 4 }))
  .map(([first, rest]) => first + rest.map(([s, a]) => s + a).join(''));
const digest = fc.option(fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `sha256:${h}`), { nil: null });

/** Any reference the parser can produce: Docker Hub always has a namespace (official images get `library`). */
const validParts: fc.Arbitrary<ImageReference> = fc
  .record({ registryHost: host, namespaceParts: fc.array(component, { maxLength: 3 }), name: component, tag, digest })
  .map(({ namespaceParts, ...rest }) => ({ ...rest, namespace: namespaceParts.join('/') }))
  .map((p) => (p.registryHost === 'docker.io' && p.namespace === '' ? { ...p, namespace: 'library' } : p));

describe('properties', () => {
  it('parse(format(parts)) gives the parts back for every valid reference', () => {
    fc.assert(
      fc.property(validParts, (parts) => {
        expect(parseImageReference(formatImageReference(parts))).toEqual({ ok: true, value: parts });
      }),
      RUNS,
    );
  });

  it('never throws, always answers ok or at least one problem with a message', () => {
    const chars = fc.constantFrom(...'aZ09./:_-@ \t', 'sha256:', 'localhost', '[', ']', 'é', '\u0000');
    const text = fc.oneof(anyCodeUnits, fc.array(chars, { maxLength: 30 }).map((cs) => cs.join('')));
    fc.assert(
      fc.property(text, (t) => {
        const r = parseImageReference(t);
        if (r.ok) return;
        expect(r.problems.length).toBeGreaterThan(0);
        for (const p of r.problems) expect(p.message.length).toBeGreaterThan(10);
      }),
      RUNS,
    );
  });

  it('whatever parses meets the platform patterns and reads the same when written back', () => {
    const chars = fc.constantFrom('a', 'b', '0', '.', '/', ':', '_', '-', '@', 'A', 'sha256:' + HEX, 'localhost', 'x.io');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }).map((cs) => cs.join('')), (t) => {
        const r = parseImageReference(t);
        if (!r.ok) return;
        const v = r.value;
        if (v.namespace !== '') expect(PATTERNS.imageName.test.test(v.namespace)).toBe(true);
        expect(PATTERNS.imageName.test.test(v.name)).toBe(true);
        expect(PATTERNS.imageTag.test.test(v.tag)).toBe(true);
        if (v.digest !== null) expect(PATTERNS.imageDigest.test.test(v.digest)).toBe(true);
        expect(parseImageReference(formatImageReference(v))).toEqual(r);
      }),
      RUNS,
    );
  });
});
