/** The size from which added files go by the resumable protocol by themselves: a setting beside the upload limit. */
import { RESUMABLE_OVER_DEFAULT } from '../../../shared/videos/model';
import { errorOf } from '../../bridge/client';
import { useCall, useCallMutation } from '../../bridge/queries';
import { Field } from '../../ui/field';
import { notify } from '../../ui/toast';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** Sizes offered, in bytes; the platform's own advice is resumable for big files, so the default sits at a gigabyte. */
const SIZES = [64 * MiB, 256 * MiB, 512 * MiB, GiB, 2 * GiB, 4 * GiB, 8 * GiB] as const;

/** "512 MiB", "2 GiB": the threshold in the binary units it is set in. */
export function sizeLabel(bytes: number): string {
  if (bytes >= GiB && bytes % GiB === 0) return `${bytes / GiB} GiB`;
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  return `${(bytes / MiB).toFixed(1)} MiB`;
}

export function ResumableFrom() {
  const current = useCall('videos.resumableOver', {});
  const set = useCallMutation('videos.setResumableOver');
  const value = current.data?.bytes ?? RESUMABLE_OVER_DEFAULT;
  const offered = [...new Set<number>([...SIZES, value])].sort((a, b) => a - b);
  return (
    <Field label="Resumable from">
      {(p) => (
        <select
          {...p}
          value={value}
          disabled={!current.isSuccess}
          title="Files at least this large are sent in parts that survive a cut, a pause or a restart"
          onChange={(e) =>
            set.mutate(
              { bytes: Number(e.target.value) },
              {
                onError: (err) => {
                  const e2 = errorOf(err);
                  notify.error(e2.detail ? `${e2.title}: ${e2.detail}` : e2.title);
                },
              },
            )
          }
          data-testid="resumable-from"
        >
          {offered.map((n) => (
            <option key={n} value={n}>
              {sizeLabel(n)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
