/** A row's title, editable at any time: Enter saves (before creation it names the new video, after it renames it), Esc puts it back. */
import type { JobView } from '../../../shared/videos/model';
import { useCallMutation } from '../../bridge/queries';
import { InlineTitle } from './InlineTitle';
import { useQueue } from './queue-store';

export function TitleEditor({ job }: { readonly job: JobView }) {
  const save = useCallMutation('videos.setTitle');
  return (
    <InlineTitle
      title={job.title}
      label={`Title of ${job.fileName}`}
      testId="job-title"
      contained
      save={async (title) => {
        const view = await save.mutateAsync({ id: job.id, title });
        // Show the saved title at once; the event that follows carries the same snapshot.
        const { status } = useQueue.getState();
        useQueue.getState().merge({ jobs: [view], removed: [], status });
      }}
    />
  );
}
