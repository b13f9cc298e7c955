/**
 * Outside the areas that take drops a file dropped on the window would make the page open the file itself, losing
 * the app. The drop is refused there instead, with a toast that opens Videos, where a drop adds the files to the
 * queue. Videos (uploads) and Logs (a log file opens) handle their own drops.
 */
import { useEffect } from 'react';
import { useNav } from '../../app/nav-store';
import { notify } from '../../ui/toast';
import type { AreaId } from '../../app/areas';
import { carriesFiles } from '../videos/drop-files';

/** Areas whose screen takes dropped files itself while it is open. */
const TAKES_DROPS: readonly AreaId[] = ['videos', 'logs'];

export function useDropGuard(): void {
  useEffect(() => {
    const elsewhere = (e: DragEvent) => carriesFiles(e) && !TAKES_DROPS.includes(useNav.getState().area);
    function onDragOver(e: DragEvent) {
      if (!elsewhere(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'none';
    }
    function onDrop(e: DragEvent) {
      if (!elsewhere(e)) return;
      e.preventDefault();
      notify.info('To upload videos, drop them on the Videos area.', { action: { label: 'Open Videos', onClick: () => useNav.getState().go('videos') } });
    }
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
