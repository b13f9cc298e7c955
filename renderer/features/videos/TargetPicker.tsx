/**
 * Where added files go: a library of the active profile (one without a key here offers to fetch it with the
 * account key, as Settings does) and, optionally, one of its collections, which can be created here too.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { videosContract } from '../../../shared/contract/videos';
import { useCall, useCallMutation } from '../../bridge/queries';
import { ActiveProfileError, ErrorMessage, fieldError } from '../../ui/ErrorMessage';
import { Field } from '../../ui/field';
import { collectionFor, useTarget } from './target-store';

const NEW_COLLECTION = '__new__';
const NO_COLLECTION = '';

function NewCollection({ libraryId, onDone }: { readonly libraryId: number; readonly onDone: (guid: string | null) => void }) {
  const create = useCallMutation('videos.createCollection');
  const [name, setName] = useState('');
  const [rule, setRule] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    // The contract's own rule for the name, so the field says it before the core does (the core checks again).
    const parsed = videosContract.methods['videos.createCollection'].input.shape.name.safeParse(name);
    if (!parsed.success) return setRule(`Name ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    setRule(undefined);
    create.mutate({ libraryId, name: parsed.data }, { onSuccess: (c) => onDone(c.guid) });
  }

  const error = rule ?? fieldError(create.error, 'name');
  return (
    <form className="row new-collection" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onDone(null)}>
      <Field label="New collection name" error={error}>
        {(p) => <input {...p} value={name} autoFocus onChange={(e) => setName(e.target.value)} />}
      </Field>
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create'}
      </button>
      <button type="button" onClick={() => onDone(null)}>
        Cancel
      </button>
      {create.error && !error ? <ErrorMessage error={create.error} /> : null}
    </form>
  );
}

/**
 * No library of the active profile is known here. Whether the account has none is the platform's to say: it is
 * asked, and the answer (or that it could not be reached) is what the screen says; libraries it lists can have
 * their keys fetched at once.
 */
function NoLibrariesHere({ profileId }: { readonly profileId: string | null }) {
  const found = useCall('settings.discover', { id: profileId ?? '' }, { enabled: profileId !== null });
  const storeKeys = useCallMutation('settings.storeLibraryKeys');
  if (profileId === null || found.isPending) {
    return (
      <p className="muted" role="status" data-testid="no-libraries">
        Looking for this profile’s video libraries on the platform…
      </p>
    );
  }
  if (found.isError) return <ActiveProfileError error={found.error} />;
  const available = found.data.libraries.filter((l) => l.keyAvailable);
  if (found.data.libraries.length === 0) {
    return (
      <p className="muted" data-testid="no-libraries">
        The platform lists no video libraries for this profile. Create one on bunny.net, then come back here.
      </p>
    );
  }
  const names = found.data.libraries.map((l) => l.name).join(', ');
  return (
    <div className="row no-key" data-testid="no-libraries">
      <p>
        The platform lists {found.data.libraries.length === 1 ? 'one video library' : `${found.data.libraries.length} video libraries`} for this profile ({names}), but
        no key for {found.data.libraries.length === 1 ? 'it' : 'them'} is kept here.
      </p>
      {available.length > 0 && (
        <button type="button" disabled={storeKeys.isPending} onClick={() => storeKeys.mutate({ id: profileId, libraryIds: available.map((l) => l.id) })}>
          {storeKeys.isPending ? 'Getting their keys…' : available.length === 1 ? 'Get its key' : 'Get their keys'}
        </button>
      )}
      <ErrorMessage error={storeKeys.error} />
    </div>
  );
}

/** The library and collection pickers above the queue. */
export function TargetPicker() {
  const libraries = useCall('videos.libraries', {});
  const profiles = useCall('settings.profiles', {});
  const storeKey = useCallMutation('settings.storeLibraryKeys');
  const libraryId = useTarget((s) => s.libraryId);
  const collectionId = useTarget((s) => collectionFor(s, s.libraryId));
  const setLibrary = useTarget((s) => s.setLibrary);
  const setCollection = useTarget((s) => s.setCollection);
  const [creating, setCreating] = useState(false);

  const list = libraries.data?.libraries;
  const library = list?.find((l) => l.id === libraryId);
  // The remembered library may be gone (another profile): fall back to the first one that has its key.
  useEffect(() => {
    if (!list || library) return;
    setLibrary((list.find((l) => l.hasKey) ?? list[0])?.id ?? null);
  }, [list, library, setLibrary]);

  const collections = useCall('videos.collections', { libraryId: library?.id ?? 0 }, { enabled: !!library?.hasKey });
  const known = collections.data?.collections;
  // A remembered collection that no longer exists is forgotten rather than sent.
  useEffect(() => {
    if (library && known && !collections.isFetching && collectionId !== null && !known.some((c) => c.guid === collectionId)) setCollection(library.id, null);
  }, [library, known, collections.isFetching, collectionId, setCollection]);

  const activeId = profiles.data?.activeId ?? null;
  if (libraries.isPending) return <p className="muted">Loading video libraries…</p>;
  if (libraries.isError) return <ActiveProfileError error={libraries.error} />;
  if (!list || list.length === 0) return <NoLibrariesHere profileId={activeId} />;

  return (
    <div className="target-picker" data-testid="target-picker">
      <div className="row">
        <Field label="Library">
          {(p) => (
            <select {...p} value={library?.id ?? ''} onChange={(e) => setLibrary(Number(e.target.value))}>
              {list.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.id}){l.hasKey ? '' : ' — no key'}
                </option>
              ))}
            </select>
          )}
        </Field>
        {library?.hasKey && !creating && (
          <Field label="Collection" hint="Optional: the videos are filed in it.">
            {(p) => (
              <select
                {...p}
                value={collectionId ?? NO_COLLECTION}
                onChange={(e) => (e.target.value === NEW_COLLECTION ? setCreating(true) : setCollection(library.id, e.target.value || null))}
              >
                <option value={NO_COLLECTION}>No collection</option>
                {(known ?? []).map((c) => (
                  <option key={c.guid} value={c.guid}>
                    {c.name}
                  </option>
                ))}
                <option value={NEW_COLLECTION}>New collection…</option>
              </select>
            )}
          </Field>
        )}
        {library?.hasKey && creating && (
          <NewCollection
            libraryId={library.id}
            onDone={(guid) => {
              setCreating(false);
              if (guid) setCollection(library.id, guid);
            }}
          />
        )}
      </div>
      {library && !library.hasKey && (
        <div className="row no-key" data-testid="library-no-key">
          <p>This library has no key here: each video library has its own. Burrow can fetch it with the account key.</p>
          <button type="button" disabled={!activeId || storeKey.isPending} onClick={() => activeId && storeKey.mutate({ id: activeId, libraryIds: [library.id] })}>
            {storeKey.isPending ? 'Getting its key…' : 'Get its key'}
          </button>
        </div>
      )}
      <ErrorMessage error={storeKey.error ?? collections.error} />
    </div>
  );
}
