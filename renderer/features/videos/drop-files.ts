/** Dropped files reach the core by path: each DOM File (a folder too) is registered through the bridge, never read. */
import type { RegisteredFile } from '../../../shared/contract/index';
import { BridgeError } from '../../bridge/client';

/** What registering the dropped files gave: the files the core knows now, and the names it refused. */
export interface Registered {
  readonly files: readonly RegisteredFile[];
  readonly refused: readonly string[];
}

/** Hands each dropped File to the bridge, which registers its path in the core and answers a token. */
export async function registerDropped(dropped: readonly File[]): Promise<Registered> {
  const results = await Promise.all(
    dropped.map(async (file): Promise<RegisteredFile | string> => {
      try {
        const r = await window.burrow.files.fromDrop(file);
        if (!r.ok) throw new BridgeError(r.error);
        return r.value;
      } catch {
        // A file with no path behind it (made in the page, or gone): named in a toast by the caller.
        return file.name;
      }
    }),
  );
  return {
    files: results.filter((r): r is RegisteredFile => typeof r !== 'string'),
    refused: results.filter((r): r is string => typeof r === 'string'),
  };
}

/** "3 files skipped: notes.txt, a.doc, b.pdf", naming at most three and counting the rest. */
export function skippedMessage(names: readonly string[], why = 'skipped'): string {
  const count = names.length === 1 ? '1 file' : `${names.length} files`;
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `${count} ${why}: ${shown}${more}`;
}

/** Whether a drag carries files from the file manager (not text or a link). */
export function carriesFiles(e: DragEvent): boolean {
  return e.dataTransfer?.types.includes('Files') ?? false;
}
