/**
 * The left sidebar: the five areas, the uploads tray, then the active profile and the connection status.
 * In a window narrower than 1100 px it shrinks to icons: each keeps its name (for speech, and as a tooltip on
 * hover or keyboard focus), the current area stays marked, and the tray and the status keep their place.
 */
import { useRef, type KeyboardEvent } from 'react';
import { AREAS } from './areas';
import { useNav } from './nav-store';
import { ConnectionBadge } from './ConnectionBadge';
import { UploadsTray } from '../features/uploads-tray/UploadsTray';
import { useNarrowWindow } from './use-narrow-window';

const MOD = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

export function Sidebar() {
  const area = useNav((s) => s.area);
  const go = useNav((s) => s.go);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const collapsed = useNarrowWindow();

  // Arrow keys move between areas, as in a menu; Tab still leaves the list in reading order.
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const delta = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (delta === 0) return;
    e.preventDefault();
    const next = (index + delta + AREAS.length) % AREAS.length;
    refs.current[next]?.focus();
  }

  return (
    <aside className="sidebar" data-collapsed={collapsed ? 'true' : 'false'} data-testid="sidebar">
      <div className="brand" aria-hidden="true">
        {collapsed ? 'B' : 'Burrow'}
      </div>
      <nav aria-label="Areas">
        <ul>
          {AREAS.map((a, i) => {
            const Icon = a.icon;
            const current = a.id === area;
            return (
              <li key={a.id}>
                <button
                  ref={(el) => {
                    refs.current[i] = el;
                  }}
                  type="button"
                  className="nav-item"
                  aria-current={current ? 'page' : undefined}
                  data-testid={`nav-${a.id}`}
                  onClick={() => go(a.id)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  title={`${a.label} (${MOD}${i + 1})`}
                >
                  <Icon aria-hidden="true" size={18} />
                  {/* Collapsed, the label and the shortcut become the tooltip shown on hover and on focus. */}
                  <span className="nav-label">
                    <span>{a.label}</span>
                    <kbd aria-hidden="true">{`${MOD}${i + 1}`}</kbd>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <UploadsTray />
      <ConnectionBadge compact={collapsed} />
    </aside>
  );
}
