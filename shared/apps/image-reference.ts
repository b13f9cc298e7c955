/**
 * Image references as people paste them (`nginx`, `ghcr.io/acme/team/api:v1.2@sha256:…`, `localhost:5000/app`),
 * read by the distribution reference grammar and split into the fields of a container's create request:
 * registry host, namespace, name, tag and digest. Where the platform's own patterns are stricter than the
 * grammar (at most two separators in a row, sha256 digests only), both are checked, so a reference that parses
 * is one the platform accepts. User input never throws: problems come back as data, each naming its rule.
 */
import { showText } from '../console/command-shell.js';
import { PATTERNS } from './schema.js';

/** How Docker Hub is written in a parsed reference, whichever of its host names the text used (or none). */
export const DOCKER_HUB_HOST = 'docker.io';

/** Host names that all mean Docker Hub: the canonical one, the legacy index and the registry API host. */
export const DOCKER_HUB_HOSTS: readonly string[] = ['docker.io', 'index.docker.io', 'registry-1.docker.io'];

/** Docker Hub's namespace for official images: `nginx` is `library/nginx`. */
export const OFFICIAL_IMAGES_NAMESPACE = 'library';

/** The tag a reference without one means; the create request always needs a tag. */
export const DEFAULT_TAG = 'latest';

/** Longest tag the reference grammar allows. */
export const MAX_TAG_LENGTH = 128;

/** Longest repository name (host and path, as written) the reference grammar allows. */
export const MAX_NAME_LENGTH = 255;

/** Longest whole reference: a name, a tag and a sha256 digest each at their longest. Longer text is refused before the grammar runs. */
export const MAX_REFERENCE_LENGTH = MAX_NAME_LENGTH + 1 + MAX_TAG_LENGTH + '@sha256:'.length + 64;

/** An image reference split the way the create request takes it. */
export interface ImageReference {
  /** Lower case, with `:port` when given; Docker Hub is always `docker.io` (see DOCKER_HUB_HOST). */
  readonly registryHost: string;
  /**
   * Every path component but the last, joined by `/` (`acme/team` for `ghcr.io/acme/team/api`): the same split
   * bunny's own tooling makes. `library` for an official Docker Hub image. Empty when the path has a single
   * component on another registry (`ghcr.io/api`): the create request needs a namespace, so the form asks for one.
   */
  readonly namespace: string;
  /** The last path component. */
  readonly name: string;
  /** DEFAULT_TAG when the reference names none. */
  readonly tag: string;
  /** `sha256:` and 64 lowercase hex digits, or null. */
  readonly digest: string | null;
}

/** The part of a reference a problem belongs to, so the form can show it under that field. */
export type ImageReferenceField = 'reference' | 'registryHost' | 'namespace' | 'name' | 'tag' | 'digest';

/** One broken rule, in plain words. */
export interface ImageReferenceProblem {
  readonly field: ImageReferenceField;
  readonly message: string;
}

/** The parsed reference, or every problem found in it. */
export type ImageReferenceParse =
  | { readonly ok: true; readonly value: ImageReference }
  | { readonly ok: false; readonly problems: readonly ImageReferenceProblem[] };

const DOMAIN_COMPONENT = '[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?';
/** A domain name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = new RegExp(`^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[0-9a-fA-F:.]+\\])(?::[0-9]+)?$`);
/** A path component: lowercase letters and digits joined by `.`, `_`, `__` or a run of `-`. */
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG_GRAMMAR = /^\w[\w.-]*$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

const RULES = {
  empty: 'Paste an image reference, such as nginx or ghcr.io/owner/app:1.0.',
  spaces: 'An image reference cannot contain spaces, line breaks or control characters.',
  scheme: 'An image reference has no scheme: leave out the "https://" or "http://" in front.',
  host: 'The registry host must be a domain name or IP address with an optional :port, such as ghcr.io or localhost:5000.',
  emptyComponent: 'The repository path cannot have an empty part: no "//", and no "/" at the start or end.',
  component:
    'Each part of the repository path must start and end with a letter or digit, joining them only with ".", "_", "__" or "-".',
  platformSeparators: 'The platform allows at most two separators (".", "/", "_", "-") in a row in an image name or namespace.',
  emptyTag: 'A tag cannot be empty: write one after ":" or leave the ":" out.',
  tagCharacters: 'A tag may contain only letters, digits, "_", "." and "-", and cannot start with "." or "-".',
  platformTag: 'The platform needs a tag that starts and ends with a letter or digit, with at most two of ".", "_", "-" in a row.',
  emptyDigest: 'A digest cannot be empty: write one after "@" or leave the "@" out.',
  twoDigests: 'An image reference can have only one "@" digest.',
} as const;

function lowercaseRule(component: string): string {
  return `The repository path must be lowercase: ${showText(component)} has capital letters.`;
}

function referenceTooLong(length: number): string {
  return `An image reference may be at most ${MAX_REFERENCE_LENGTH} characters; this one has ${length}.`;
}

function tagTooLong(length: number): string {
  return `A tag may be at most ${MAX_TAG_LENGTH} characters; this one has ${length}.`;
}

function nameTooLong(length: number): string {
  return `The repository name (registry host and path) may be at most ${MAX_NAME_LENGTH} characters; this one has ${length}.`;
}

/** True for host names that mean Docker Hub (compared without letter case). */
export function isDockerHubHost(host: string): boolean {
  return DOCKER_HUB_HOSTS.includes(host.toLowerCase());
}

/** The first path component names a registry only when it could not be a repository name: a `.`, a `:` or `localhost`. */
function looksLikeHost(component: string): boolean {
  return component.includes('.') || component.includes(':') || component === 'localhost';
}

function componentProblem(component: string, field: ImageReferenceField): ImageReferenceProblem | undefined {
  if (component === '') return { field, message: RULES.emptyComponent };
  if (/[A-Z]/.test(component)) return { field, message: lowercaseRule(component) };
  if (!PATH_COMPONENT.test(component)) return { field, message: RULES.component };
  return undefined;
}

function tagProblem(tag: string): string | undefined {
  if (tag === '') return RULES.emptyTag;
  if (tag.length > MAX_TAG_LENGTH) return tagTooLong(tag.length);
  if (!TAG_GRAMMAR.test(tag)) return RULES.tagCharacters;
  if (!PATTERNS.imageTag.test.test(tag)) return RULES.platformTag;
  return undefined;
}

function digestProblem(digest: string): string | undefined {
  if (digest === '') return RULES.emptyDigest;
  if (digest.includes('@')) return RULES.twoDigests;
  const colon = digest.indexOf(':');
  const algorithm = colon === -1 ? '' : digest.slice(0, colon);
  if (algorithm !== 'sha256') {
    const used = algorithm === '' ? 'it names no algorithm' : `this one uses ${showText(algorithm)}`;
    return `The platform accepts only sha256 digests, written as "sha256:" and 64 lowercase hex digits; ${used}.`;
  }
  const hex = digest.slice(colon + 1);
  if (!SHA256_HEX.test(hex)) {
    const other = /[^0-9a-f]/.test(hex) ? ', not all of them lowercase hex' : '';
    return `A sha256 digest is 64 lowercase hex digits (0-9, a-f) after "sha256:"; this one has ${hex.length} characters${other}.`;
  }
  if (!PATTERNS.imageDigest.test.test(digest)) return `The digest must match the platform's pattern ${PATTERNS.imageDigest.text}.`;
  return undefined;
}

/** Parses a pasted image reference into the create request's image fields, or lists every rule it breaks. */
export function parseImageReference(input: string): ImageReferenceParse {
  const text = input.trim();
  if (text === '') return { ok: false, problems: [{ field: 'reference', message: RULES.empty }] };
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return { ok: false, problems: [{ field: 'reference', message: RULES.spaces }] };
  if (text.length > MAX_REFERENCE_LENGTH) return { ok: false, problems: [{ field: 'reference', message: referenceTooLong(text.length) }] };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { ok: false, problems: [{ field: 'reference', message: RULES.scheme }] };

  const problems: ImageReferenceProblem[] = [];
  const at = text.indexOf('@');
  const beforeDigest = at === -1 ? text : text.slice(0, at);
  const digest = at === -1 ? null : text.slice(at + 1);
  // A tag's ':' comes after the last '/'; an earlier ':' belongs to the host's port.
  const colon = beforeDigest.lastIndexOf(':');
  const hasTag = colon > beforeDigest.lastIndexOf('/');
  const repository = hasTag ? beforeDigest.slice(0, colon) : beforeDigest;
  const tag = hasTag ? beforeDigest.slice(colon + 1) : null;

  const components = repository.split('/');
  let host = DOCKER_HUB_HOST;
  if (components.length > 1 && looksLikeHost(components[0]!)) {
    const written = components.shift()!;
    if (!HOST.test(written)) problems.push({ field: 'registryHost', message: RULES.host });
    host = isDockerHubHost(written) ? DOCKER_HUB_HOST : written.toLowerCase();
  }
  if (repository.length > MAX_NAME_LENGTH) problems.push({ field: 'reference', message: nameTooLong(repository.length) });

  const seen = new Set<string>();
  components.forEach((component, i) => {
    const problem = componentProblem(component, i === components.length - 1 ? 'name' : 'namespace');
    if (problem && !seen.has(problem.field + problem.message)) {
      seen.add(problem.field + problem.message);
      problems.push(problem);
    }
  });
  const name = components[components.length - 1]!;
  let namespace = components.slice(0, -1).join('/');
  if (namespace === '' && host === DOCKER_HUB_HOST) namespace = OFFICIAL_IMAGES_NAMESPACE;
  if (seen.size === 0) {
    if (namespace !== '' && !PATTERNS.imageName.test.test(namespace)) problems.push({ field: 'namespace', message: RULES.platformSeparators });
    if (!PATTERNS.imageName.test.test(name)) problems.push({ field: 'name', message: RULES.platformSeparators });
  }

  const badTag = tag === null ? undefined : tagProblem(tag);
  if (badTag) problems.push({ field: 'tag', message: badTag });
  const badDigest = digest === null ? undefined : digestProblem(digest);
  if (badDigest) problems.push({ field: 'digest', message: badDigest });

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { registryHost: host, namespace, name, tag: tag ?? DEFAULT_TAG, digest } };
}

/**
 * Writes the fields back as one fully qualified reference (`docker.io/library/nginx:latest`), the form the
 * platform's `image` field takes. Parsing the result gives the same fields back.
 */
export function formatImageReference(ref: ImageReference): string {
  const path = ref.namespace === '' ? ref.name : `${ref.namespace}/${ref.name}`;
  const tag = ref.tag === '' ? '' : `:${ref.tag}`;
  const digest = ref.digest ? `@${ref.digest}` : '';
  return `${ref.registryHost}/${path}${tag}${digest}`;
}
