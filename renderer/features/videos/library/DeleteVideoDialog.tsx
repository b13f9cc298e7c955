/** Asks once before a video is deleted from the library, naming it; the answer's failure stays in the dialog. */
import { AlertDialog } from 'radix-ui';
import type { LibraryVideo } from '../../../../shared/contract/videos-library';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { notify } from '../../../ui/toast';
import type { useLibraryEdits } from './use-library-edits';

interface Props {
  readonly libraryId: number;
  /** The video asked about; null closes the dialog. */
  readonly video: LibraryVideo | null;
  readonly remove: ReturnType<typeof useLibraryEdits>['remove'];
  readonly onClose: () => void;
}

export function DeleteVideoDialog({ libraryId, video, remove, onClose }: Props) {
  const name = video ? video.title || video.guid : '';
  function confirm() {
    if (!video) return;
    remove.mutate(
      { libraryId, videoId: video.guid },
      {
        onSuccess: () => {
          notify.success(`Deleted “${name}”`);
          onClose();
        },
      },
    );
  }
  return (
    <AlertDialog.Root
      open={video !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) {
          remove.reset();
          onClose();
        }
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" data-testid="delete-video-dialog">
          <AlertDialog.Title>Delete “{name}”?</AlertDialog.Title>
          <AlertDialog.Description>
            The video, its encoded renditions and its statistics are removed from the library for good. Players that embed it stop playing it.
          </AlertDialog.Description>
          {remove.error && <ErrorMessage error={remove.error} />}
          <div className="row dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" disabled={remove.isPending}>
                Keep it
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="danger-fill" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete video'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
