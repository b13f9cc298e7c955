/**
 * A new app's region defaults to the one the platform calls optimal for this account: once its answer arrives, if no
 * region has been chosen yet, it becomes the app's required (and so allowed) region. Not for a restored draft or an
 * app being edited (the caller passes enabled = false), and never over a choice already made.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useCall } from '../../../bridge/queries';
import { blankApp } from './body';
import type { AppFormValues } from './form-schema';

/**
 * Applies the default, and returns the blank form as this account starts it (with the optimal region once applied):
 * a form still equal to it holds nothing the user typed.
 */
export function useOptimalRegionDefault(form: UseFormReturn<AppFormValues>, enabled: boolean): () => AppFormValues {
  const optimal = useCall('apps.optimalRegion', {}, { enabled, retry: false, staleTime: Infinity });
  const id = optimal.data?.region?.id;
  const applied = useRef<string | null>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current || !id) return;
    done.current = true;
    const settings = form.getValues('regionSettings');
    if (settings?.allowedRegionIds?.length || settings?.requiredRegionIds?.length) return;
    applied.current = id;
    form.setValue('regionSettings.allowedRegionIds', [id]);
    form.setValue('regionSettings.requiredRegionIds', [id]);
  }, [enabled, id, form]);
  return useCallback(() => {
    const blank = blankApp();
    return applied.current ? { ...blank, regionSettings: { allowedRegionIds: [applied.current], requiredRegionIds: [applied.current] } } : blank;
  }, []);
}
