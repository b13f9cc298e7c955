/**
 * A new app's region defaults to the one the platform calls optimal for this account: once its answer arrives, if no
 * region has been chosen yet, it becomes the app's required (and so allowed) region. Not for a restored draft or an
 * app being edited (the caller passes enabled = false), and never over a choice already made.
 */
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useCall } from '../../../bridge/queries';
import type { AppFormValues } from './form-schema';

export function useOptimalRegionDefault(form: UseFormReturn<AppFormValues>, enabled: boolean): void {
  const optimal = useCall('apps.optimalRegion', {}, { enabled, retry: false, staleTime: Infinity });
  const id = optimal.data?.region?.id;
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current || !id) return;
    done.current = true;
    const settings = form.getValues('regionSettings');
    if (settings?.allowedRegionIds?.length || settings?.requiredRegionIds?.length) return;
    form.setValue('regionSettings.allowedRegionIds', [id]);
    form.setValue('regionSettings.requiredRegionIds', [id]);
  }, [enabled, id, form]);
}
