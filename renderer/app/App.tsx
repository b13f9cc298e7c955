/** The app shell: sidebar, the current area with its header, palette and toasts. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { Toaster } from 'sonner';
import { AppsScreen } from '../features/apps/AppsScreen';
import { ConsoleScreen } from '../features/console/ConsoleScreen';
import { LogsScreen } from '../features/logs/LogsScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { VideosScreen } from '../features/videos/VideosScreen';
import { errorOf } from '../bridge/client';
import { useCall } from '../bridge/queries';
import { AREAS, type AreaId } from './areas';
import { CommandPalette } from './CommandPalette';
import { ErrorBoundary } from './ErrorBoundary';
import { useNav } from './nav-store';
import { Sidebar } from './Sidebar';
import { useBridgeEvents } from './use-bridge-events';
import { useShortcuts } from './use-shortcuts';

const SCREENS: Record<AreaId, ComponentType> = {
  apps: AppsScreen,
  videos: VideosScreen,
  logs: LogsScreen,
  console: ConsoleScreen,
  settings: SettingsScreen,
};

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Marks the root ready (or failed) once the first call to the core has answered. */
function useAppState(): void {
  const info = useCall('app.info', {});
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    root.dataset.appState = info.isSuccess ? 'ready' : info.isError ? 'error' : 'loading';
  }, [info.isSuccess, info.isError]);
  if (info.isError) console.error('app.info failed', errorOf(info.error).title);
}

function Shell() {
  useShortcuts();
  useBridgeEvents();
  useAppState();
  const area = useNav((s) => s.area);
  const def = AREAS.find((a) => a.id === area)!;
  const Screen = SCREENS[area];
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
          <ErrorBoundary resetKey={area}>
            <Screen />
          </ErrorBoundary>
        </div>
      </main>
    </div>
    <CommandPalette />
    <Toaster position="bottom-right" richColors closeButton />
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
