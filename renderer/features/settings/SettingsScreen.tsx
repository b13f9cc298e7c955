/** Settings: appearance now; profiles and keys join with the profiles feature. */
import { useId } from 'react';
import { useTheme, type ThemeChoice } from '../../app/theme';
import { useCall } from '../../bridge/queries';
import { NotBuilt } from '../../ui/NotBuilt';

export function SettingsScreen() {
  const choice = useTheme((s) => s.choice);
  const setTheme = useTheme((s) => s.set);
  const info = useCall('app.info', {});
  const themeId = useId();
  return (
    <div className="stack">
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
        {info.data ? (
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
        ) : (
          <p className="muted">Loading…</p>
        )}
      </section>
      <NotBuilt what="Managing profiles and keys" />
    </div>
  );
}
