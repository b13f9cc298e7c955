/** Video library keys: found through the account key, or added by hand. */
import { useId, useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../shared/settings/profiles';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { NOT_A_USERNAME_MARKS, SECRET_INPUT_MARKS } from '../../ui/secret-field';
import { KeyField } from './KeyField';
import { useCallMutation } from '../../bridge/queries';

export function Libraries({ profile }: { readonly profile: ProfileView }) {
  const sandbox = profile.kind === 'sandbox';
  const discover = useCallMutation('settings.discover');
  const store = useCallMutation('settings.storeLibraryKeys');
  const addKey = useCallMutation('settings.setKey');
  const [chosen, setChosen] = useState<number[]>([]);
  const [libId, setLibId] = useState('');
  const [libKey, setLibKey] = useState('');
  const idField = useId();
  const keyField = useId();
  const parsedId = Number(libId);
  const idError = libId !== '' && !(Number.isInteger(parsedId) && parsedId > 0) ? 'Library id must be a positive whole number' : undefined;

  function addByHand(e: FormEvent) {
    e.preventDefault();
    if (idError || libId === '') return;
    addKey.mutate(
      { profileId: profile.id, slot: { kind: 'library', libraryId: parsedId }, value: libKey },
      {
        onSuccess: () => {
          setLibId('');
          setLibKey('');
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="libs">
      <div className="row spread">
        <h2 id="libs">Video libraries</h2>
        <button type="button" onClick={() => discover.mutate({ id: profile.id })} disabled={discover.isPending}>
          {discover.isPending ? 'Looking…' : 'Find libraries and pull zones'}
        </button>
      </div>
      <p className="muted small">Each video library has its own key. Burrow can fetch them with the account key.</p>
      {profile.libraries.length === 0 && <p className="muted">No library keys yet.</p>}
      {profile.libraries.map((l) => (
        <KeyField key={l.id} profileId={profile.id} slot={{ kind: 'library', libraryId: l.id }} label={`${l.name} (${l.id})`} status={l.key} readOnly={sandbox} />
      ))}
      <ErrorMessage error={discover.error ?? store.error} />
      {discover.data && (
        <div className="discovered" data-testid="discovered">
          <h3>Found on the account</h3>
          {discover.data.libraries.length === 0 && <p className="muted">No video libraries.</p>}
          <ul className="plain">
            {discover.data.libraries.map((l) => (
              <li key={l.id}>
                <label>
                  <input
                    type="checkbox"
                    disabled={sandbox || !l.keyAvailable || l.keyStored}
                    checked={l.keyStored || chosen.includes(l.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))}
                  />{' '}
                  {l.name} <span className="muted">({l.id})</span> {l.keyStored ? '— key stored' : l.keyAvailable ? '' : '— no key returned'}
                </label>
              </li>
            ))}
          </ul>
          {!sandbox && (
            <button type="button" disabled={chosen.length === 0 || store.isPending} onClick={() => store.mutate({ id: profile.id, libraryIds: chosen }, { onSuccess: () => (setChosen([]), discover.mutate({ id: profile.id })) })}>
              Store selected keys
            </button>
          )}
          <h3>Pull zones</h3>
          <ul className="plain">
            {discover.data.pullZones.map((z) => (
              <li key={z.id} data-testid={`zone-${z.id}`}>
                {z.name} <span className="muted">({z.id})</span> — {z.loggingEnabled ? 'logging enabled' : 'logging disabled'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!sandbox && (
        <form className="add-library" onSubmit={addByHand}>
          <h3>Add a library key by hand</h3>
          <div className="row">
            <label htmlFor={idField}>Library id</label>
            <input id={idField} {...NOT_A_USERNAME_MARKS} inputMode="numeric" value={libId} onChange={(e) => setLibId(e.target.value.trim())} aria-invalid={idError ? true : undefined} />
            <label htmlFor={keyField}>Key</label>
            <input id={keyField} type="password" {...SECRET_INPUT_MARKS} value={libKey} onChange={(e) => setLibKey(e.target.value)} />
            <button type="submit" disabled={!!idError || libId === '' || libKey.trim() === '' || addKey.isPending}>
              Add
            </button>
          </div>
          {idError && <span className="field-error">{idError}</span>}
          <ErrorMessage error={addKey.error} />
        </form>
      )}
    </section>
  );
}
