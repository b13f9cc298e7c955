/** Which key goes with which area: chosen here, never from caller text, so a typed path cannot send a key elsewhere. */
import { appError } from '../../../shared/contract/result.js';
import { AppFailure } from '../errors.js';
import type { ApiArea, Credentials, Endpoints } from './types.js';

/** The credential header of one request, and the secret in it (for redaction). */
export interface AuthChoice {
  readonly headers: Readonly<Record<string, string>>;
  readonly secret: string;
}

const AREA_NAMES: Readonly<Record<ApiArea, string>> = {
  core: 'the core API',
  containers: 'Magic Containers',
  video: 'Stream (video)',
  logging: 'CDN logging',
};

/** The base URL of an area in the active profile. */
export function baseUrlFor(area: ApiArea, endpoints: Endpoints): string {
  switch (area) {
    case 'core':
      return endpoints.apiUrl;
    case 'containers':
      return endpoints.containersUrl;
    case 'video':
      return endpoints.videoUrl;
    case 'logging':
      return endpoints.loggingUrl;
  }
}

function missingAccountKey(area: ApiArea): AppFailure {
  return new AppFailure(
    appError('auth', 'No API key configured', {
      detail: `Requests to ${AREA_NAMES[area]} need the account API key (bunny.net dashboard → Account → API key). Add it to this profile in Settings.`,
    }),
  );
}

function checkSendable(secret: string, what: string): string {
  // Header values cannot carry CR, LF, NUL or non-Latin-1 text; never echo the value itself.
  if (/[^\t\x20-\x7e\x80-\xff]/.test(secret)) {
    throw new AppFailure(appError('auth', `The ${what} contains characters that cannot be sent`, { detail: 'Re-enter the key in Settings; it should contain only letters, digits and dashes.' }));
  }
  return secret.trim();
}

/** Picks the credential header for a request to `area`; throws AppFailure when no key is configured. */
export async function authFor(area: ApiArea, libraryId: number | undefined, credentials: Credentials): Promise<AuthChoice> {
  if (area === 'video') {
    if (libraryId === undefined || !Number.isSafeInteger(libraryId) || libraryId <= 0) {
      throw new AppFailure(appError('validation', 'A video library is required', { detail: 'Stream requests are made with a library’s own key; choose a video library first.' }));
    }
    const key = await credentials.libraryKey(libraryId);
    if (key === null || key.trim() === '') {
      throw new AppFailure(
        appError('auth', `No API key configured for video library ${libraryId}`, {
          detail: `Stream needs the library's own API key (bunny.net dashboard → Stream → library ${libraryId} → API), not the account key. Add it to this profile in Settings → Video libraries.`,
        }),
      );
    }
    const secret = checkSendable(key, 'library API key');
    return { headers: { AccessKey: secret }, secret };
  }
  if (area === 'logging') {
    const how = await credentials.logging();
    if (how.kind === 'bearer') {
      if (how.token.trim() === '') throw new AppFailure(appError('auth', 'No logging token configured', { detail: 'Add a logging token to this profile in Settings, or use the account API key.' }));
      const secret = checkSendable(how.token, 'logging token');
      return { headers: { Authorization: `Bearer ${secret}` }, secret };
    }
  }
  const key = await credentials.accountKey();
  if (key === null || key.trim() === '') throw missingAccountKey(area);
  const secret = checkSendable(key, 'account API key');
  return { headers: { AccessKey: secret }, secret };
}
