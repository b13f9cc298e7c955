/** The active profile and whether its core API answers, at the bottom of the sidebar. */
import { useCall } from '../bridge/queries';
import { useNav } from './nav-store';

const LABELS = {
  ok: 'Connected',
  'wrong-key': 'Key refused',
  'no-key': 'No account key',
  unreachable: 'Offline',
  'logging-disabled': 'Connected',
  error: 'Platform error',
} as const;

/**
 * `compact` (the sidebar as icons): only the dot shows, as a button that opens Settings. It is named by the profile
 * and its state ("Profile Sandbox, connected"), which also show as its tooltip on hover and on keyboard focus, so
 * a keyboard user learns which profile is active too.
 */
export function ConnectionBadge({ compact = false }: { readonly compact?: boolean }) {
  const go = useNav((s) => s.go);
  const profiles = useCall('settings.profiles', {});
  const info = useCall('desktop.info', {});
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  // Only the core API is asked: the dot is about reaching the platform with the account key.
  // Keyed on the profile's id, so a profile change (profiles.*) asks again.
  const status = useCall('settings.testProfile', { id: active?.id ?? '', areas: ['core'] }, { enabled: !!active, refetchInterval: 60_000, select: (r) => r.checks[0] });
  const check = status.data;
  // While the core starts (no answer about profiles yet) the badge says so rather than "No profile".
  const starting = profiles.isPending;
  const state = starting ? 'pending' : !active ? 'none' : status.isPending ? 'pending' : check?.state === 'ok' ? 'ok' : 'error';
  const label = starting ? 'Starting…' : !active ? 'No profile' : status.isPending ? 'Checking…' : check ? LABELS[check.state] : 'Unknown';
  const spoken = active ? `Profile ${active.name}, ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;
  return (
    <div className="connection" data-testid="connection" data-state={state}>
      <div className="profile-name">
        <span className="muted">Profile</span> <strong data-testid="active-profile">{active?.name ?? (starting ? '…' : 'None')}</strong>
        {active?.kind === 'sandbox' && <span className="badge">Sandbox</span>}
      </div>
      {compact ? (
        <button type="button" className="connection-button" data-testid="connection-button" aria-label={spoken} onClick={() => go('settings')}>
          <span className={`dot dot-${state}`} aria-hidden="true" />
          <span className="connection-tip" aria-hidden="true">
            {active ? `Profile ${active.name} · ${label}` : label}
            <span className="muted"> · Settings</span>
          </span>
        </button>
      ) : (
        <div className="status-line" title={check?.summary}>
          <span className={`dot dot-${state}`} aria-hidden="true" />
          <span>{label}</span>
        </div>
      )}
      {info.data && (
        <div className="muted small">
          Burrow {info.data.version} · {info.data.shell === 'electron' ? 'desktop' : 'Chromium shell'}
        </div>
      )}
    </div>
  );
}
