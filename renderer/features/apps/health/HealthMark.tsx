/**
 * The list's small health mark per app: healthy, 5xx above the threshold (with the rate), or no data, each with its
 * own icon and words. It reads `apps.health` only while its row is on screen, once, and again after the list's
 * Refresh (rows scrolled to later catch up as they appear).
 */
import { CircleCheck, CircleMinus, TriangleAlert } from 'lucide-react';
import { errorOf } from '../../../bridge/client';
import { healthMark, unreadMark, type HealthMarkView } from './health-view';
import { useAppHealth, useOnScreen, useRefreshWhenShown } from './use-app-health';

const ICONS = { healthy: CircleCheck, unhealthy: TriangleAlert, none: CircleMinus } as const;

export function HealthIcon({ mark }: { readonly mark: HealthMarkView }) {
  const Icon = ICONS[mark.tone];
  return <Icon size={14} aria-hidden />;
}

/** `follow`: false while the app's page is open, which follows a partial answer itself (one ask, not two). */
export function HealthMark({ id, refreshedAt, follow }: { readonly id: string; readonly refreshedAt: number; readonly follow: boolean }) {
  const [ref, onScreen] = useOnScreen<HTMLSpanElement>();
  const health = useAppHealth(id, { enabled: onScreen, follow: follow && onScreen });
  useRefreshWhenShown(health, onScreen, refreshedAt);
  const { q } = health;
  const mark = q.data ? healthMark(q.data) : q.isError ? unreadMark(`it could not be read (${errorOf(q.error).title})`) : null;
  return (
    <span ref={ref} className={`apps-health${mark ? ` apps-health-${mark.tone}` : ''}`} title={mark?.label} data-testid="app-health" data-tone={mark?.tone}>
      {mark && (
        <>
          <HealthIcon mark={mark} />
          {mark.text && (
            <span className="tabular" aria-hidden>
              {mark.text}
            </span>
          )}
          <span className="visually-hidden">{mark.label}</span>
        </>
      )}
    </span>
  );
}
