/** Names of key slots in the SecretStore, one namespace per profile. */
import type { KeySlot } from '../../../shared/profiles.js';

/** `<profileId>/account`, `<profileId>/library/<id>`, `<profileId>/loggingJwt`. */
export function slotName(profileId: string, slot: KeySlot): string {
  switch (slot.kind) {
    case 'account':
      return `${profileId}/account`;
    case 'library':
      return `${profileId}/library/${slot.libraryId}`;
    case 'loggingJwt':
      return `${profileId}/loggingJwt`;
  }
}
