/** The Videos screen as the app mounts it (tray, screen, toasts) over a fake bridge, for component tests. */
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { MethodOutput } from '../../../../shared/contract/index';
import type { ProfileView } from '../../../../shared/settings/profiles';
import type { JobView, QueueStatus } from '../../../../shared/videos/model';
import { useNav } from '../../../app/nav-store';
import { BridgeProvider, createQueryClient } from '../../../bridge/provider';
import { installFakeBridge, type FakeBridge } from '../../../testing/fake-bridge';
import { Toasts } from '../../../ui/toast';
import { UploadsTray } from '../../uploads-tray/UploadsTray';
import { aTop } from './delivery-fixtures';
import { aStatus } from './job-fixtures';
import { EMPTY_STATUS, useQueue, useQueueSync } from '../queue-store';
import { useTarget } from '../target-store';

import { VideosScreen } from '../VideosScreen';

export const PROFILES = {
  activeId: 'p1',
  profiles: [],
  secretStorage: { backend: 'test', persistent: true, weak: false, optedIn: false },
  problems: [],
} as unknown as MethodOutput<'settings.profiles'>;

/** A profile as `settings.profiles` describes it, with the named libraries' keys stored. */
export function aProfile(id: string, name: string, kind: ProfileView['kind'], libraries: readonly { id: number; name: string }[] = []): ProfileView {
  const none = { configured: false, state: 'none' } as const;
  return {
    id,
    name,
    kind,
    endpoints: { apiUrl: '', containersUrl: '', videoUrl: '', loggingUrl: '' },
    loggingAuth: 'accessKey',
    accountKey: none,
    loggingJwt: none,
    libraries: libraries.map((l) => ({ ...l, key: { configured: true, hint: 'abcd', state: 'stored' } })),
  };
}

/** The profile list with these profiles, `activeId` the active one. */
export function profilesWith(activeId: string | null, profiles: readonly ProfileView[]): MethodOutput<'settings.profiles'> {
  return { ...PROFILES, activeId, profiles: [...profiles] };
}

/** happy-dom does no layout: the queue's scroller gets the height a browser would give it. */
export function fakeLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('queue-scroller') ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('queue-scroller') ? 800 : 0;
  });
}

/** A fake bridge answering the Videos screen's reads, with `jobs` in the queue; every control answers one change. */
export function bridgeWith(jobs: readonly JobView[], status: QueueStatus = aStatus({ queued: jobs.length, inFlight: jobs.length })): FakeBridge {
  useQueue.setState({ byId: new Map(), ordered: [], status: EMPTY_STATUS, loaded: false, loadError: null });
  localStorage.clear();
  useTarget.setState({ libraryId: null, collectionByLibrary: {} });
  // The screen is on show only in its own area; a test of another area says so.
  useNav.setState({ area: 'videos' });
  const bridge = installFakeBridge();
  bridge.answer('settings.profiles', PROFILES);
  bridge.answer('videos.libraries', {
    libraries: [
      { id: 1, name: 'Demo Library', hasKey: true },
      { id: 2, name: 'Training', hasKey: false },
    ],
  });
  bridge.answer('videos.collections', { collections: [{ guid: 'g1', name: 'Getting Started', videoCount: 0 }] });
  bridge.answer('videos.list', { jobs: [...jobs], status });
  for (const m of ['videos.pause', 'videos.resume', 'videos.cancel', 'videos.retry', 'videos.moveToTop'] as const) bridge.answer(m, { changed: 1 });
  bridge.answer('videos.clearCompleted', { removed: 1 });
  bridge.answer('videos.setConcurrency', (i) => ({ ...status, concurrency: i.value }));
  bridge.answer('videos.setBandwidthCap', (i) => ({ ...status, bandwidthCap: i.bytesPerSecond }));
  bridge.answer('videos.resumableOver', { bytes: 1024 ** 3 });
  bridge.answer('videos.setResumableOver', (i) => ({ bytes: i.bytes }));
  bridge.answer('videos.locate', null);
  bridge.answer('videos.top', aTop());
  return bridge;
}

/** Renders the tray and the screen, as the app shows them in the Videos area. */
/** What the root's useBridgeEvents does for the queue, alone. */
function QueueSync() {
  useQueueSync();
  return null;
}

export function renderVideos() {
  return render(
    <BridgeProvider client={createQueryClient()}>
      <QueueSync />
      <UploadsTray />
      <VideosScreen />
      <Toasts />
    </BridgeProvider>,
  );
}

/** Renders what another area shows of the queue: the tray alone. */
export function renderTrayOnly() {
  return render(
    <BridgeProvider client={createQueryClient()}>
      <QueueSync />
      <UploadsTray />
      <Toasts />
    </BridgeProvider>,
  );
}

/** The row of a job, by its title. */
export async function rowOf(title: string): Promise<HTMLElement> {
  return (await screen.findByRole('listitem', { name: new RegExp(`^${title},`) })) as HTMLElement;
}
