/** The Queue | Library switch of the Videos screen: tabs (arrow keys move between them), the choice remembered. */
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useLibrary, type VideosView } from './library-store';

interface Props {
  readonly queue: ReactNode;
  readonly library: ReactNode;
}

export function ViewSwitch({ queue, library }: Props) {
  const view = useLibrary((s) => s.view);
  const setView = useLibrary((s) => s.setView);
  return (
    <Tabs.Root className="videos-views" value={view} onValueChange={(v) => setView(v === 'library' ? 'library' : 'queue' satisfies VideosView)}>
      <Tabs.List className="view-switch" aria-label="Videos view">
        <Tabs.Trigger value="queue" data-testid="view-queue">
          Upload queue
        </Tabs.Trigger>
        <Tabs.Trigger value="library" data-testid="view-library">
          Library
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="queue" className="videos-view">
        {queue}
      </Tabs.Content>
      <Tabs.Content value="library" className="videos-view">
        {library}
      </Tabs.Content>
    </Tabs.Root>
  );
}
