/**
 * While the Videos screen is open, files and folders dropped anywhere on the window are handed to `onDrop`;
 * `dragging` says a drag with files is over the window, for the drop hint.
 */
import { useEffect, useRef, useState } from 'react';
import { carriesFiles } from './drop-files';

export function useFileDrop(onDrop: (files: File[]) => void): { readonly dragging: boolean } {
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onDrop);
  useEffect(() => {
    latest.current = onDrop;
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
      // Leaving one element for another inside the window names the next one; leaving the window names none.
      if (e.relatedTarget === null) setDragging(false);
    }
    function onDropEvent(e: DragEvent) {
      setDragging(false);
      if (!carriesFiles(e)) return;
      e.preventDefault();
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length > 0) latest.current(files);
    }
    window.addEventListener('dragenter', onDragOver);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDropEvent);
    return () => {
      window.removeEventListener('dragenter', onDragOver);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDropEvent);
    };
  }, []);
  return { dragging };
}
