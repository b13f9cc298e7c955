/**
 * Regions: where the app runs (required and allowed regions) without the whole form. The form's region picker is
 * used as it is, over a form of its own that holds only the region settings; the form's cross-field rules (a required
 * region must be allowed, no more required regions than the most allowed at once) are checked on Apply, and the
 * settings are sent with `apps.setRegions`. The app's limit on regions at once is kept as it was.
 */
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useCallMutation } from '../../../bridge/queries';
import { notify } from '../../../ui/toast';
import { useAppFollow } from '../app-follow';
import { crossFieldProblems, ruleProblem } from '../../../../shared/apps/app-rules';
import type { AppFormValues } from '../form/form-schema';
import { RegionPicker } from '../form/RegionPicker';
import { actionError, ruleError } from './action-errors';
import { ActionDialog } from './ActionDialog';

export interface RegionChoice {
  readonly allowed: readonly string[];
  readonly required: readonly string[];
  readonly maxAllowed: number | null;
}

interface Props {
  readonly id: string;
  readonly name: string;
  readonly current: RegionChoice | null;
}

function defaults(current: RegionChoice | null): Partial<AppFormValues> {
  return {
    regionSettings: {
      allowedRegionIds: current && current.allowed.length > 0 ? [...current.allowed] : undefined,
      requiredRegionIds: current && current.required.length > 0 ? [...current.required] : undefined,
      maxAllowedRegions: current?.maxAllowed ?? undefined,
    },
  };
}

function RegionsForm({ id, name, current, onDone }: Props & { readonly onDone: () => void }) {
  const form = useForm<AppFormValues>({ defaultValues: defaults(current) as AppFormValues });
  const follow = useAppFollow((s) => s.started);
  const apply = useCallMutation('apps.setRegions', {
    onSuccess: () => {
      follow(id, 'regions');
      notify.success(`Saved where ${name} runs`);
      onDone();
    },
  });

  function submit() {
    form.clearErrors();
    const settings = form.getValues('regionSettings');
    const body = { autoScaling: {}, regionSettings: settings };
    const problems = crossFieldProblems(body).filter((p) => p.path[0] === 'regionSettings');
    for (const p of problems) form.setError(p.path.join('.') as 'regionSettings.requiredRegionIds', { type: 'cross', message: ruleProblem(p.path, body, 'rule', p.rule).message });
    if (problems.length > 0) return;
    apply.mutate({
      id,
      allowedRegionIds: settings.allowedRegionIds ?? [],
      requiredRegionIds: settings.requiredRegionIds ?? [],
      ...(typeof settings.maxAllowedRegions === 'number' ? { maxAllowedRegions: settings.maxAllowedRegions } : {}),
    });
  }

  // The limit on regions at once is not a field here: a choice that breaks it is said above the answers.
  // The limit is not a field here, so the message says what it is now and where it is changed.
  const maxMessage = form.formState.errors.regionSettings?.maxAllowedRegions?.message;
  const maxProblem = maxMessage && current?.maxAllowed != null ? `${maxMessage.replace(/\.$/, '')}. ${name} runs in at most ${current.maxAllowed} region${current.maxAllowed === 1 ? '' : 's'} at once: choose fewer required regions, or raise that limit with Edit.` : maxMessage;
  return (
    <FormProvider {...form}>
      <ActionDialog
        open
        onOpenChange={(o) => !o && onDone()}
        title={`Regions of “${name}”`}
        description={<p>Required regions always run the app; allowed ones run it when users are near them. Choosing none lets the platform decide.</p>}
        confirmLabel="Apply"
        busyLabel="Applying…"
        busy={apply.isPending}
        error={apply.isError ? actionError(apply.error, name, 'change') : maxProblem ? ruleError(maxProblem) : null}
        onConfirm={submit}
        testId="regions-app-dialog"
      >
        <div className="apps-dialog-scroll">
          <RegionPicker />
        </div>
      </ActionDialog>
    </FormProvider>
  );
}

export function RegionsDialog(props: Props) {
  // The form is made afresh at each opening, from the app as it is now.
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="app-regions-edit">
        <MapPin size={14} aria-hidden /> Regions…
      </button>
      {open && <RegionsForm {...props} onDone={() => setOpen(false)} />}
    </>
  );
}
