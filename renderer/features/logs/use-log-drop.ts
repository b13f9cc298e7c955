/**
 * While the Logs screen is open, a `.log` or `.log.gz` file dropped anywhere on the window opens it: the file is
 * registered with the core by path (never read in the page) and its token handed to `onFile`. Anything else is
 * refused with a toast naming what this screen takes.
 */
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../ui/toast';
import { carriesFiles, registerDropped } from '../videos/drop-files';

/** Whether a file name is a v1 log day file this screen opens. */
export function isLogFileName(name: string): boolean {
  return /\.log(\.gz)?$/i.test(name);
}

export function useLogDrop(onFile: (token: string, name: string) => void): { readonly dragging: boolean } {
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onFile);
  useEffect(() => {
    latest.current = onFile;
  });
  useEffect(() => {
    function onDragOver(e: DragEvent) {
      if (!carriesFiles(e)) return;
      // Without this the window would open the dropped file itself.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    }
    function onDragLeave(e: DragEvent) {
      if (e.relatedTarget === null) setDragging(false);
    }
    async function open(files: readonly File[]) {
      const file = files.find((f) => isLogFileName(f.name));
      if (!file) {
        notify.info('Only a CDN log file (.log or .log.gz) opens here.');
        return;
      }
      const { files: registered, refused } = await registerDropped([file]);
      const first = registered[0];
      if (first) latest.current(first.token, first.name);
      else notify.info(`${refused[0] ?? file.name} could not be read: it is not a file on disk.`);
    }
    function onDrop(e: DragEvent) {
      setDragging(false);
      if (!carriesFiles(e)) return;
      e.preventDefault();
      void open([...(e.dataTransfer?.files ?? [])]);
    }
    window.addEventListener('dragenter', onDragOver);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onDragOver);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return { dragging };
}
