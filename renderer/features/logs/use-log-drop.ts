/**
 * While the Logs screen is open, a `.log` or `.log.gz` file dropped anywhere on the window opens it: the file is
 * handed to the core by path (never read in the page) and its token handed to `onFile`. Anything else is
 * refused with a toast naming what this screen takes.
 */
import { useCallback } from 'react';
import { drop } from '../../bridge/client';
import { notify } from '../../ui/toast';
import { useLatestCallback } from '../../ui/use-latest-callback';
import { useFileDrop } from '../videos/use-file-drop';

export function useLogDrop(onFile: (token: string, name: string) => void): { readonly dragging: boolean } {
  const opened = useLatestCallback(onFile);
  // The drag tracking is the Videos screen's own; only what a drop means differs here.
  const open = useCallback(async (files: readonly File[]) => {
    const file = files.find((f) => /\.log(\.gz)?$/i.test(f.name));
    if (!file) {
      notify.info('Only a CDN log file (.log or .log.gz) opens here.');
      return;
    }
    // One call registers the file and answers what it is; a file with no path on disk (or gone) is named.
    const first = await drop([file], 'files.list', {}).then(({ value }) => value?.files[0], () => undefined);
    if (first) opened(first.token, first.name);
    else notify.info(`${file.name} could not be read: it is not a file on disk.`);
  }, [opened]);
  return useFileDrop((files) => void open(files));
}
