/** The app shell: sidebar, the current area with its header, palette and toasts. */
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useActiveProfile } from '../bridge/active-profile';
import { errorOf } from '../bridge/client';
import { BridgeProvider } from '../bridge/provider';
import { useCall } from '../bridge/queries';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/skeleton';
import { Toasts } from '../ui/toast';
import { AreaFocus } from './area-focus';
import { AREAS, type AreaId } from './areas';
import { ErrorBoundary } from './ErrorBoundary';
import { openedWithoutPlace, useNav } from './nav-store';
import { Sidebar } from './Sidebar';
import { useBridgeEvents } from './use-bridge-events';
import { useShortcuts } from './use-shortcuts';
import { useTheme } from './theme';
import { useLinkInbox } from '../features/logs/use-link-inbox';

// The palette (cmdk, its dialog, the stores its commands reach) is not needed to draw the window: it loads after.
const CommandPalette = lazy(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));

// Each area is its own chunk, loaded the first time it opens: the window draws before the console's editor arrives.
const SCREENS: Record<AreaId, LazyExoticComponent<ComponentType>> = {
  apps: lazy(() => import('../features/apps/AppsScreen').then((m) => ({ default: m.AppsScreen }))),
  videos: lazy(() => import('../features/videos/VideosScreen').then((m) => ({ default: m.VideosScreen }))),
  logs: lazy(() => import('../features/logs/LogsScreen').then((m) => ({ default: m.LogsScreen }))),
  console: lazy(() => import('../features/console/ConsoleScreen').then((m) => ({ default: m.ConsoleScreen }))),
  settings: lazy(() => import('../features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen }))),
};

/**
 * True once the shell's first frame is drawn (it needs no answer from the core): the root is then marked
 * `data-shell="painted"`, and only then does the area's own chunk start to load.
 */
function useShellPainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The timer runs once the frame the callback precedes has been drawn.
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        document.getElementById('root')?.setAttribute('data-shell', 'painted');
        performance.mark('shell-painted');
        setPainted(true);
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}

/**
 * Marks the root `data-app-state` ready (or error) once the first call to the core has answered. Returns that call's
 * failure: the core could not start, and nothing in any area can work.
 */
function useAppState(): unknown {
  const info = useCall('desktop.info', {});
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    root.dataset.appState = info.isSuccess ? 'ready' : info.isError ? 'error' : 'loading';
    if (info.isSuccess) performance.mark('first-answer');
  }, [info.isSuccess, info.isError]);
  if (info.isError) console.error('app.info failed', errorOf(info.error).title);
  return info.error;
}

/**
 * A first look at the embedded sandbox opens Logs (on its busy zone, which the Logs screen opens by itself), since
 * that is what shows the app at work on realistic data; a window opened on a place, or a real profile, is left be.
 */
function useSandboxFirstLook(): void {
  const profiles = useCall('settings.profiles', {}, { enabled: openedWithoutPlace });
  const kind = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId)?.kind;
  useEffect(() => {
    if (!openedWithoutPlace || kind !== 'sandbox') return;
    // Only until the user goes somewhere: a choice made while the profiles load is kept.
    if (useNav.getState().focusRequest === 0 && useNav.getState().area === 'apps') useNav.getState().go('logs', { focus: false });
  }, [kind]);
}

function Shell() {
  useShortcuts();
  useBridgeEvents();
  const startFailure = useAppState();
  const painted = useShellPainted();
  useLinkInbox();
  useSandboxFirstLook();
  const area = useNav((s) => s.area);
  const theme = useTheme((s) => s.choice);
  const focusRequest = useNav((s) => s.focusRequest);
  const def = AREAS.find((a) => a.id === area)!;
  const Screen = SCREENS[area];
  // A profile switch starts the area over: nothing it chose or drew for the old profile (an open app, a response,
  // a zone's session) stays. Settings, where profiles are switched, shows every profile and keeps its place.
  const epoch = useActiveProfile((s) => s.epoch);
  const screenKey = area === 'settings' ? area : `${area}:${epoch}`;
  const skeleton = <Skeleton label={`Loading ${def.label}…`} testId="area-loading" />;
  // What had focus went with the old screen: focus moves into the area drawn anew, as on arriving in it.
  useEffect(() => {
    const nav = useNav.getState();
    if (epoch > 0 && nav.area !== 'settings') nav.go(nav.area);
  }, [epoch]);
  return (
    <>
      <div className="layout">
        <a className="skip-link" href="#main-heading">
          Skip to content
        </a>
        <Sidebar />
        <main className="main" aria-labelledby="main-heading">
          <header className="main-header">
            <div>
              <h1 id="main-heading" tabIndex={-1}>
                {def.label}
              </h1>
              <p className="muted">{def.summary}</p>
            </div>
          </header>
          <div className="main-content" data-testid={`area-${area}`}>
            {startFailure ? (
              <ErrorMessage error={startFailure} />
            ) : (
              <ErrorBoundary resetKey={area}>
                <AreaFocus request={focusRequest}>
                  {painted ? (
                    <Suspense key={screenKey} fallback={skeleton}>
                      <Screen />
                    </Suspense>
                  ) : (
                    skeleton
                  )}
                </AreaFocus>
              </ErrorBoundary>
            )}
          </div>
        </main>
      </div>
      {painted && (
        <Suspense>
          <CommandPalette />
        </Suspense>
      )}
      <Toasts theme={theme} />
    </>
  );
}

export function App() {
  return (
    <BridgeProvider>
      <Shell />
    </BridgeProvider>
  );
}
