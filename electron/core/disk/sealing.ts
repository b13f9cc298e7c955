/** Which backend a store seals secret values with on disk. */
import type { SecretCipher } from '../ports.js';
import { isWeakBackend } from '../settings/index.js';

/**
 * The shell's cipher backend, or null when it offers none worth the name (the values are then kept in memory only):
 * a backend anyone with the file can undo (Chromium's fixed key on Linux) would leave them readable on disk.
 */
export async function sealingBackend(cipher: SecretCipher | undefined): Promise<string | null> {
  if (!cipher || !(await cipher.isAvailable().catch(() => false))) return null;
  const backend = await cipher.backend().catch(() => null);
  return backend === null || isWeakBackend(backend) ? null : backend;
}
