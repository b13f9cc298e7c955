/**
 * The Chromium profile the shell opens the app in. Its password manager is off: Burrow's keys and header values must
 * never be offered to it ("Save password?"), and nothing of Burrow's belongs in the browser's login store.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The preferences that turn Chromium's password manager off: no offer to save, no filling, no leak check. */
export const PASSWORD_MANAGER_OFF = {
  credentials_enable_service: false,
  credentials_enable_autosignin: false,
  profile: { password_manager_enabled: false, password_manager_leak_detection: false },
} as const;

/** Where the profile keeps saved logins (an SQLite file with a `logins` table). */
export function loginStorePath(profileDir: string): string {
  return join(profileDir, 'Default', 'Login Data');
}

type Prefs = Record<string, unknown>;

function merge(into: Prefs, from: Readonly<Prefs>): Prefs {
  const out: Prefs = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const had = out[k];
    out[k] = v && typeof v === 'object' && had && typeof had === 'object' && !Array.isArray(had) ? merge(had as Prefs, v as Prefs) : v;
  }
  return out;
}

/**
 * Writes the password manager's switches into the profile's Preferences before Chromium starts, keeping what
 * Chromium wrote there itself; a file that does not read as JSON is replaced (Chromium rebuilds the rest).
 */
export async function turnOffPasswordManager(profileDir: string): Promise<void> {
  const file = join(profileDir, 'Default', 'Preferences');
  let prefs: Prefs = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) prefs = parsed as Prefs;
  } catch {
    // No profile yet, or one Chromium left unreadable: start from the switches alone.
  }
  await mkdir(join(profileDir, 'Default'), { recursive: true });
  await writeFile(file, JSON.stringify(merge(prefs, PASSWORD_MANAGER_OFF)));
}
