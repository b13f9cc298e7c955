/** The queue's controls as calls to the core; a refused call is told in a toast, the rows change by events. */
import type { MethodName } from '../../../shared/contract/channels';
import { errorOf } from '../../bridge/client';
import { useCallMutation } from '../../bridge/queries';
import { notify } from '../../ui/toast';

/** Which rows a control applies to: some by id, or all it can apply to. */
export type Rows = { readonly ids: readonly string[] } | { readonly all: true };

type SelectionMethod = Extract<MethodName, 'videos.pause' | 'videos.resume' | 'videos.cancel' | 'videos.retry' | 'videos.moveToTop'>;

function told(e: unknown) {
  const err = errorOf(e);
  notify.error(err.detail ? `${err.title}: ${err.detail}` : err.title);
}

function useSelectionCall(method: SelectionMethod) {
  const m = useCallMutation(method);
  return (rows: Rows) => {
    if ('ids' in rows && rows.ids.length === 0) return;
    m.mutate('ids' in rows ? { ids: [...rows.ids] } : { all: true }, { onError: told });
  };
}

export function useControls() {
  const pause = useSelectionCall('videos.pause');
  const resume = useSelectionCall('videos.resume');
  const cancel = useSelectionCall('videos.cancel');
  const retry = useSelectionCall('videos.retry');
  const moveToTop = useSelectionCall('videos.moveToTop');
  const clear = useCallMutation('videos.clearCompleted');
  const concurrency = useCallMutation('videos.setConcurrency');
  const bandwidth = useCallMutation('videos.setBandwidthCap');
  const locate = useCallMutation('videos.locate');
  return {
    pause,
    resume,
    cancel,
    retry,
    moveToTop,
    /** Clears every ended row, or only the ended ones among `ids` (none listed: nothing to do). */
    clearCompleted: (ids?: readonly string[]) => {
      if (ids === undefined) clear.mutate({}, { onError: told });
      else if (ids.length > 0) clear.mutate({ ids: [...ids] }, { onError: told });
    },
    setConcurrency: (value: number) => concurrency.mutate({ value }, { onError: told }),
    setBandwidthCap: (bytesPerSecond: number | null) => bandwidth.mutate({ bytesPerSecond }, { onError: told }),
    locate: (id: string) => locate.mutate({ id }, { onError: told }),
  };
}

/** The controls, as the rows and the toolbar use them. */
export type Controls = ReturnType<typeof useControls>;
