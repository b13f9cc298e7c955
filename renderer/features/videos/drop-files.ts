/** What the drop targets share: the words for files left out, and whether a drag carries files. */

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
