/** One profile: name, endpoints, logging authentication, keys, libraries and the connection test. */
import { useId, useState, type FormEvent } from 'react';
import type { Endpoints, ProfileView } from '../../../shared/settings/profiles';
import { useAreaFocusTarget } from '../../app/area-focus';
import { ErrorMessage, fieldError } from '../../ui/ErrorMessage';
import { ConnectionTest } from './ConnectionTest';
import { KeyField } from './KeyField';
import { Libraries } from './Libraries';
import { SandboxReset } from './SandboxReset';
import { useCallMutation } from '../../bridge/queries';

const ENDPOINT_FIELDS: readonly { key: keyof Endpoints; label: string }[] = [
  { key: 'apiUrl', label: 'Core API URL' },
  { key: 'containersUrl', label: 'Magic Containers URL' },
  { key: 'videoUrl', label: 'Video (Stream) URL' },
  { key: 'loggingUrl', label: 'CDN logging URL' },
];

interface ProfileDetailProps {
  readonly profile: ProfileView;
  readonly active: boolean;
  /** The palette asked to reset the sandbox: the Sandbox profile's reset opens its confirmation, once. */
  readonly askReset?: boolean;
  onResetAsked?(): void;
}

export function ProfileDetail({ profile, active, askReset = false, onResetAsked }: ProfileDetailProps) {
  const sandbox = profile.kind === 'sandbox';
  const update = useCallMutation('settings.updateProfile');
  const activate = useCallMutation('settings.activateProfile');
  const duplicate = useCallMutation('settings.duplicateProfile');
  const remove = useCallMutation('settings.deleteProfile');
  const [name, setName] = useState(profile.name);
  const [endpoints, setEndpoints] = useState<Endpoints>(profile.endpoints);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const baseId = useId();
  // Arriving in Settings lands in the first field of the profile's form.
  const focusTarget = useAreaFocusTarget();

  function save(e: FormEvent) {
    e.preventDefault();
    update.mutate({ id: profile.id, name, ...(sandbox ? {} : { endpoints }) });
  }

  return (
    <div className="stack" data-testid="profile-detail">
      <section className="card">
        <div className="row spread">
          <h2>
            {profile.name} {sandbox && <span className="badge">Sandbox</span>} {active && <span className="badge badge-active">Active</span>}
          </h2>
          <div className="row">
            {!active && (
              <button type="button" onClick={() => activate.mutate({ id: profile.id })}>
                Make active
              </button>
            )}
            <button type="button" onClick={() => duplicate.mutate({ id: profile.id })}>
              Duplicate
            </button>
            <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
              Delete…
            </button>
          </div>
        </div>
        {confirmDelete && (
          <div role="alertdialog" aria-labelledby={`${baseId}-del`} className="confirm">
            <p id={`${baseId}-del`}>
              Delete the profile <strong>{profile.name}</strong> and the keys stored with it? This cannot be undone.
            </p>
            <div className="row">
              <button type="button" className="danger" autoFocus onClick={() => remove.mutate({ id: profile.id })}>
                Delete {profile.name}
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)}>
                Cancel
              </button>
            </div>
          </div>
        )}
        <form className="form-grid" onSubmit={save}>
          <label htmlFor={`${baseId}-name`}>Name</label>
          <div>
            <input id={`${baseId}-name`} ref={focusTarget} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={fieldError(update.error, 'name') ? true : undefined} />
            {fieldError(update.error, 'name') && <div className="field-error">Name {fieldError(update.error, 'name')}</div>}
          </div>
          {ENDPOINT_FIELDS.map((f) => {
            const error = fieldError(update.error, `endpoints.${f.key}`);
            return (
              <div className="contents" key={f.key}>
                <label htmlFor={`${baseId}-${f.key}`}>{f.label}</label>
                <div>
                  <input
                    id={`${baseId}-${f.key}`}
                    className="mono"
                    value={endpoints[f.key]}
                    readOnly={sandbox}
                    onChange={(e) => setEndpoints({ ...endpoints, [f.key]: e.target.value })}
                    aria-invalid={error ? true : undefined}
                  />
                  {error && <div className="field-error">{f.label} {error}</div>}
                </div>
              </div>
            );
          })}
          <span />
          <div>
            <button type="submit" className="primary" disabled={update.isPending}>
              Save changes
            </button>
          </div>
        </form>
        <ErrorMessage error={update.error ?? activate.error ?? duplicate.error ?? remove.error} />
      </section>

      <section className="card" aria-labelledby={`${baseId}-keys`}>
        <h2 id={`${baseId}-keys`}>Keys</h2>
        <KeyField profileId={profile.id} slot={{ kind: 'account' }} label="Account API key" status={profile.accountKey} readOnly={sandbox} />
        <fieldset className="plain">
          <legend>CDN logs authenticate with</legend>
          {(['accessKey', 'bearer'] as const).map((v) => (
            <label key={v} className="inline">
              <input type="radio" name={`${baseId}-logauth`} checked={profile.loggingAuth === v} onChange={() => update.mutate({ id: profile.id, loggingAuth: v })} />{' '}
              {v === 'accessKey' ? 'the account key' : 'a bearer token (JWT)'}
            </label>
          ))}
        </fieldset>
        {profile.loggingAuth === 'bearer' && <KeyField profileId={profile.id} slot={{ kind: 'loggingJwt' }} label="Logging bearer token" status={profile.loggingJwt} readOnly={sandbox} />}
      </section>

      <Libraries profile={profile} />
      <ConnectionTest profileId={profile.id} />
      {sandbox && <SandboxReset ask={askReset} onAsked={onResetAsked} />}
    </div>
  );
}
