/** Settings: profiles (list + detail), how keys are kept, appearance and about. */
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTheme, type ThemeChoice } from '../../app/theme';
import { useCall, useCallMutation } from '../../bridge/queries';
import { ErrorMessage, fieldError } from '../../ui/ErrorMessage';
import { useScreenAction } from '../../app/screen-actions';
import { ProfileDetail } from './ProfileDetail';
import { SecretStorageBanner } from './SecretStorageBanner';

function NewProfile({ onCreated }: { readonly onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const create = useCallMutation('settings.createProfile');
  const id = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name }, { onSuccess: (p) => (setName(''), onCreated(p.id)) });
  }
  const error = fieldError(create.error, 'name');
  return (
    <form onSubmit={submit} className="new-profile">
      <label htmlFor={id}>New profile name</label>
      <div className="row">
        <input id={id} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Production" aria-invalid={error ? true : undefined} />
        <button type="submit" disabled={create.isPending}>
          <Plus aria-hidden="true" size={14} /> Add
        </button>
      </div>
      {error && <span className="field-error">Name {error}</span>}
      {!error && <ErrorMessage error={create.error} />}
    </form>
  );
}

function Problems() {
  const problems = useCall('settings.profiles', {}).data?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <section className="card warning" role="alert" data-testid="problems">
      {problems.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}

function Appearance() {
  const choice = useTheme((s) => s.choice);
  const setTheme = useTheme((s) => s.set);
  const info = useCall('desktop.info', {});
  const themeId = useId();
  return (
    <>
      <section className="card">
        <h2>Appearance</h2>
        <label htmlFor={themeId}>Theme</label>
        <select id={themeId} value={choice} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
          <option value="system">Follow the system</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </section>
      <section className="card">
        <h2>About</h2>
        {info.data && (
          <dl className="facts" data-testid="app-info">
            <dt>Version</dt>
            <dd>{info.data.version}</dd>
            <dt>Shell</dt>
            <dd>{info.data.shell}</dd>
            <dt>Platform</dt>
            <dd>{info.data.platform}</dd>
            <dt>Data folder</dt>
            <dd className="mono">{info.data.dataDir}</dd>
          </dl>
        )}
      </section>
    </>
  );
}

/** Stands for "the Sandbox profile, whatever its id" in the choice of profile shown. */
const SANDBOX_PICK = '\u0000sandbox';

export function SettingsScreen() {
  const profiles = useCall('settings.profiles', {});
  const [selected, setSelected] = useState<string | null>(null);
  const list = profiles.data?.profiles ?? [];
  // "Reset sandbox…" from the palette shows the Sandbox profile and asks there (the list may still be loading).
  const [askReset, setAskReset] = useState(false);
  useScreenAction('settings.resetSandbox', () => {
    setSelected(SANDBOX_PICK);
    setAskReset(true);
  });
  const picked = selected === SANDBOX_PICK ? list.find((p) => p.kind === 'sandbox') : list.find((p) => p.id === selected);
  const current = picked ?? list.find((p) => p.id === profiles.data?.activeId) ?? list[0];

  return (
    <div className="settings">
      <section className="profile-list card" aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">Profiles</h2>
        {/* A list of buttons: each shows that profile's details; the one shown is marked current. */}
        <ul className="plain">
          {list.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                aria-current={p.id === current?.id ? 'true' : undefined}
                className="list-item"
                data-testid={`profile-${p.name}`}
                onClick={() => {
                  setSelected(p.id);
                  setAskReset(false);
                }}
              >
                {p.name}
                {p.kind === 'sandbox' && <span className="badge">Sandbox</span>}
                {p.id === profiles.data?.activeId && <span className="badge badge-active">Active</span>}
              </button>
            </li>
          ))}
        </ul>
        <NewProfile onCreated={setSelected} />
      </section>
      <div className="stack">
        <ErrorMessage error={profiles.error} />
        <Problems />
        <SecretStorageBanner />
        {/* Keyed by id: choosing another profile starts its form from that profile's saved values. */}
        {current && <ProfileDetail key={current.id} profile={current} active={current.id === profiles.data?.activeId} askReset={askReset} onResetAsked={() => setAskReset(false)} />}
        <Appearance />
      </div>
    </div>
  );
}
