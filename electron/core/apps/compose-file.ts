/**
 * Reading a compose file from disk for the importer: the file and the env_files it names (relative to it), each
 * size-limited, then mapped to a create request by the shared mapper. Problems come back as validation failures
 * whose detail says in words what is wrong (unreadable, not YAML, no services). Used by the app and the CLI alike.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { COMPOSE_MAX_BYTES, ENV_FILE_MAX_BYTES, composeEnvFiles, mapCompose, parseComposeText, type ComposeMapping, type EnvFileRead } from '../../../shared/apps/compose.js';
import type { RegistryLike } from '../../../shared/apps/image-registry.js';
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';

/** A mapped compose file, with the name of the file it came from. */
export interface ComposeImport extends ComposeMapping {
  readonly fileName: string;
}

const TITLE = 'The compose file could not be imported';

/** Why a file could not be read, in words (the system's code kept only when it is not one of the usual). */
function readProblem(e: unknown): { message: string; missing: boolean } {
  const code = (e as { code?: string } | null)?.code;
  if (code === 'ENOENT') return { message: 'the file does not exist', missing: true };
  if (code === 'EACCES' || code === 'EPERM') return { message: 'Burrow is not allowed to read it', missing: false };
  if (code === 'EISDIR') return { message: 'it is a folder, not a file', missing: false };
  return { message: e instanceof Error ? e.message : String(e), missing: false };
}

/** The file's text when it is a file no larger than `max` bytes; else why not. */
async function readLimited(path: string, max: number): Promise<{ text: string } | { error: string; missing: boolean }> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return { error: 'it is a folder, not a file', missing: false };
    if (info.size > max) return { error: `it is ${info.size} bytes; at most ${max} are read`, missing: false };
    return { text: await readFile(path, 'utf8') };
  } catch (e) {
    const p = readProblem(e);
    return { error: p.message, missing: p.missing };
  }
}

/** Reads and maps the compose file at `path` for an account with these registries. */
export async function readComposeImport(path: string, registries: readonly RegistryLike[]): Promise<ComposeImport> {
  const fileName = basename(path);
  const read = await readLimited(path, COMPOSE_MAX_BYTES);
  if ('error' in read) throw new AppFailure(appError('validation', TITLE, { detail: `${fileName} could not be read: ${read.error}.` }));
  const parsed = parseComposeText(read.text);
  if (!parsed.ok) throw new AppFailure(appError('validation', TITLE, { detail: `${fileName}: ${parsed.message}` }));
  const folder = dirname(resolve(path));
  const envFiles = new Map<string, EnvFileRead>();
  for (const relative of composeEnvFiles(parsed.doc)) {
    const r = await readLimited(isAbsolute(relative) ? relative : resolve(folder, relative), ENV_FILE_MAX_BYTES);
    envFiles.set(relative, 'error' in r ? { error: r.error, missing: r.missing } : { text: r.text });
  }
  return { fileName, ...mapCompose(parsed.doc, { folderName: basename(folder), registries, envFiles }) };
}
