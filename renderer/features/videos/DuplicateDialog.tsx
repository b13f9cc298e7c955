/** Asks, file by file, whether to upload again what this machine already uploaded to the library; "apply to all" answers the rest. */
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { PreviousUpload } from './use-add-files';

interface Props {
  readonly files: readonly PreviousUpload[];
  /** Called once every file has an answer, with the tokens to upload again. */
  readonly onDone: (again: readonly string[]) => void;
}

function when(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function DuplicateDialog({ files, onDone }: Props) {
  const [index, setIndex] = useState(0);
  const [again, setAgain] = useState<readonly string[]>([]);
  const [toAll, setToAll] = useState(false);
  const allId = useId();
  const file = files[index];
  const open = file !== undefined;
  const rest = files.length - index;

  function answer(upload: boolean) {
    const answered = toAll ? files.slice(index) : file ? [file] : [];
    const next = upload ? [...again, ...answered.map((f) => f.token)] : again;
    const nextIndex = index + answered.length;
    if (nextIndex >= files.length) {
      setIndex(0);
      setAgain([]);
      setToAll(false);
      onDone(next);
    } else {
      setIndex(nextIndex);
      setAgain(next);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && answer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="duplicate-dialog">
          <Dialog.Title>Uploaded before</Dialog.Title>
          {file && (
            <Dialog.Description>
              <strong>{file.name}</strong> was uploaded to this library from this machine on {when(file.uploadedAt)}. Upload it again as a new video?
            </Dialog.Description>
          )}
          {rest > 1 && (
            <label htmlFor={allId} className="row">
              <input id={allId} type="checkbox" checked={toAll} onChange={(e) => setToAll(e.target.checked)} />
              Apply to all {rest} files
            </label>
          )}
          <div className="row dialog-actions">
            <button type="button" onClick={() => answer(false)}>
              Skip
            </button>
            <button type="button" className="primary" onClick={() => answer(true)}>
              Upload again
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
