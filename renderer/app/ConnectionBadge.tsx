/** The active profile and whether the core can reach the platform, at the bottom of the sidebar. */
import { useCall } from '../bridge/queries';

export function ConnectionBadge() {
  const info = useCall('app.info', {});
  // Profiles arrive with the profiles issue; until then the core has no platform to talk to.
  const state = info.isError ? 'error' : info.isSuccess ? 'none' : 'pending';
  const label = state === 'error' ? 'Core unreachable' : state === 'none' ? 'No profile connected' : 'Connecting…';
  return (
    <div className="connection" data-testid="connection" data-state={state}>
      <div className="profile-name">
        <span className="muted">Profile</span> <strong>None yet</strong>
      </div>
      <div className="status-line">
        <span className={`dot dot-${state}`} aria-hidden="true" />
        <span>{label}</span>
      </div>
      {info.data && <div className="muted small">Burrow {info.data.version} · {info.data.shell === 'electron' ? 'desktop' : 'Chromium shell'}</div>}
    </div>
  );
}
