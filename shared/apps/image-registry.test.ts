/** Picking the account's registry for a reference's host, Docker Hub's host names counted as one. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseImageReference } from './image-reference.js';
import { matchRegistry, registryHostKey, type RegistryLike } from './image-registry.js';

// As the sandbox and the platform list them: int64 ids, public Docker Hub and GitHub first.
const PUBLIC = [
  { id: 1, displayName: 'DockerHub Public', hostName: 'docker.io', isPublic: true },
  { id: 2, displayName: 'GitHub Public', hostName: 'ghcr.io', isPublic: true },
];

describe('registryHostKey', () => {
  it.each([
    ['docker.io', 'docker.io'],
    ['index.docker.io', 'docker.io'],
    ['registry-1.docker.io', 'docker.io'],
    ['https://index.docker.io/v1/', 'docker.io'],
    [' GHCR.io ', 'ghcr.io'],
    ['localhost:5000', 'localhost:5000'],
    ['http://localhost:5000/', 'localhost:5000'],
    ['docker.io.example.com', 'docker.io.example.com'],
  ])('%s → %s', (host, key) => {
    expect(registryHostKey(host)).toBe(key);
  });
});

describe('matchRegistry', () => {
  it('finds the public Docker Hub for an official image, its id as the request takes it', () => {
    const parsed = parseImageReference('nginx');
    if (!parsed.ok) throw new Error('nginx must parse');
    const match = matchRegistry(PUBLIC, parsed.value.registryHost);
    expect(match).toEqual({ ok: true, registry: PUBLIC[0], imageRegistryId: '1', others: [] });
  });

  it('finds GitHub for ghcr.io', () => {
    expect(matchRegistry(PUBLIC, 'ghcr.io')).toMatchObject({ ok: true, imageRegistryId: '2' });
  });

  it.each(['docker.io', 'index.docker.io', 'registry-1.docker.io', 'DOCKER.IO'])('a registry stored as registry-1.docker.io serves %s', (host) => {
    const registries = [{ id: '9', hostName: 'registry-1.docker.io' }];
    expect(matchRegistry(registries, host)).toMatchObject({ ok: true, imageRegistryId: '9' });
  });

  it('prefers the exact host name, then keeps list order; the rest are offered as others', () => {
    const registries: RegistryLike[] = [
      { id: 10, hostName: 'index.docker.io' },
      { id: 11, hostName: 'ghcr.io' },
      { id: 12, hostName: 'docker.io' },
      { id: 13, hostName: 'registry-1.docker.io' },
      { id: 14, hostName: 'docker.io' },
    ];
    const match = matchRegistry(registries, 'docker.io');
    expect(match.ok).toBe(true);
    if (!match.ok) return;
    expect(match.registry.id).toBe(12);
    expect(match.others.map((r) => r.id)).toEqual([14, 10, 13]);
  });

  it('says none matches, naming the host and the hosts the account has', () => {
    const match = matchRegistry(PUBLIC, 'localhost:5000');
    expect(match).toEqual({
      ok: false,
      message: expect.stringMatching(/None of this account's image registries is at "localhost:5000" \(they are at "docker.io", "ghcr.io"\)/),
    });
  });

  it('says so when the account has no registries at all', () => {
    expect(matchRegistry([], 'ghcr.io')).toEqual({ ok: false, message: expect.stringMatching(/no image registries yet; add one for "ghcr.io"/) });
  });

  it('does not take a host that only contains a registry name', () => {
    expect(matchRegistry([{ id: 1, hostName: 'docker.io' }], 'mirror.docker.io').ok).toBe(false);
    expect(matchRegistry([{ id: 1, hostName: 'ghcr.io' }], 'ghcr.io:443').ok).toBe(false);
  });

  it('property: a match always has the host asked for, and every registry with that host is either the match or among the others', () => {
    const hosts = ['docker.io', 'index.docker.io', 'registry-1.docker.io', 'ghcr.io', 'quay.io', 'localhost:5000'];
    const registries = fc.array(fc.record({ id: fc.nat(), hostName: fc.constantFrom(...hosts) }), { maxLength: 8 });
    fc.assert(
      fc.property(registries, fc.constantFrom(...hosts), (list, host) => {
        const match = matchRegistry(list, host);
        const same = list.filter((r) => registryHostKey(r.hostName) === registryHostKey(host));
        if (!match.ok) {
          expect(same).toEqual([]);
          return;
        }
        expect([match.registry, ...match.others]).toHaveLength(same.length);
        expect(new Set([match.registry, ...match.others])).toEqual(new Set(same));
        expect(match.imageRegistryId).toBe(String(match.registry.id));
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});
