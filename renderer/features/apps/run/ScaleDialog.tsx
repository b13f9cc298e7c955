/**
 * Scale: the app's instances per region (autoscaling min and max) without the whole form. The values are checked
 * with the form's own rules (the platform's schema for each bound, the form's cross-field rule for min above max)
 * after a field is left or on Apply, and applied with `apps.setScaling`; the page then shows the new scaling.
 */
import { Gauge } from 'lucide-react';
import { useState } from 'react';
import { addApplicationRequestSchema, LIMITS } from '../../../../shared/apps/schema';
import { useCall, useCallMutation } from '../../../bridge/queries';
import { Field } from '../../../ui/field';
import { notify } from '../../../ui/toast';
import { useAppFollow } from '../app-follow';
import { crossFieldProblems, ruleProblem } from '../../../../shared/apps/app-rules';
import { limitsText } from '../form/LimitsLine';
import { actionError } from './action-errors';
import { ActionDialog } from './ActionDialog';

type Bound = 'min' | 'max';
type Problems = Partial<Record<Bound, string>>;

/** A number field's text as the form reads it: empty is absent, anything else a number (maybe not whole). */
function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** What is wrong with a min/max pair, per field, by the create form's rules. */
export function scaleProblems(minText: string, maxText: string): Problems {
  const value = { min: numberOf(minText), max: numberOf(maxText) };
  const problems: Problems = {};
  const parsed = addApplicationRequestSchema.shape.autoScaling.safeParse(value);
  // The words are the form's (shared/apps/app-rules.ts): the field as labelled, the rule in plain words.
  const body = { autoScaling: value };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = issue.path[0];
      if ((at === 'min' || at === 'max') && problems[at] === undefined) problems[at] = ruleProblem(['autoScaling', at], body, value[at] === undefined ? 'missing' : 'rule').message;
    }
    return problems;
  }
  for (const p of crossFieldProblems(body)) {
    const at = p.path[0] === 'autoScaling' ? p.path[1] : undefined;
    if ((at === 'min' || at === 'max') && problems[at] === undefined) problems[at] = ruleProblem(p.path, body, 'rule', p.rule).message;
  }
  return problems;
}

interface Props {
  readonly id: string;
  readonly name: string;
  readonly current: { readonly min: number; readonly max: number } | null;
}

export function ScaleDialog({ id, name, current }: Props) {
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  // A rule shows after its field is left, or on Apply: never while the user is still typing the first time.
  const [shown, setShown] = useState<ReadonlySet<Bound>>(new Set());
  const follow = useAppFollow((s) => s.started);
  const apply = useCallMutation('apps.setScaling', {
    onSuccess: (_out, input) => {
      follow(id, 'scale');
      setOpen(false);
      notify.success(`${name} now runs ${input.min === input.max ? input.min : `${input.min} to ${input.max}`} instance${input.max === 1 ? '' : 's'} per region`);
    },
  });
  const problems = scaleProblems(min, max);
  // The account's limit per region, as the form says it beside its scaling: what the platform will hold the app to.
  const limits = useCall('apps.limits', {}, { enabled: open, retry: false, staleTime: 60_000 });
  const limitLine = limits.data ? limitsText('scaling', limits.data, { maxInstances: numberOf(max) }) : null;
  const range = LIMITS.autoscaling;

  function onOpenChange(next: boolean) {
    if (next) {
      setMin(current ? String(current.min) : '1');
      setMax(current ? String(current.max) : '1');
      setShown(new Set());
      apply.reset();
    }
    setOpen(next);
  }

  function submit() {
    setShown(new Set(['min', 'max']));
    if (problems.min || problems.max) return;
    apply.mutate({ id, min: Number(min), max: Number(max) });
  }

  const leave = (b: Bound) => setShown((s) => new Set([...s, b]));
  return (
    <>
      <button type="button" onClick={() => onOpenChange(true)} data-testid="app-scale">
        <Gauge size={14} aria-hidden /> Scale…
      </button>
      <ActionDialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Scale “${name}”`}
        description={<p>How many instances run in each region the app runs in. The platform adds instances up to the maximum as load grows.</p>}
        confirmLabel="Apply"
        busyLabel="Applying…"
        busy={apply.isPending}
        error={apply.isError ? actionError(apply.error, name, 'scale') : null}
        onConfirm={submit}
        testId="scale-app-dialog"
      >
        <div className="form-row">
          <Field label="Minimum instances per region" hint={`${range.min} to ${range.max}.`} error={shown.has('min') ? problems.min : undefined}>
            {(p) => <input {...p} type="number" inputMode="numeric" min={range.min} max={range.max} value={min} onChange={(e) => setMin(e.target.value)} onBlur={() => leave('min')} />}
          </Field>
          <Field label="Maximum instances per region" hint="At least the minimum." error={shown.has('max') ? problems.max : undefined}>
            {(p) => <input {...p} type="number" inputMode="numeric" min={range.min} max={range.max} value={max} onChange={(e) => setMax(e.target.value)} onBlur={() => leave('max')} />}
          </Field>
        </div>
        {limitLine && (
          <p className={limitLine.over ? 'field-warning' : 'muted small'} data-testid="scale-limits">
            {limitLine.text}
          </p>
        )}
      </ActionDialog>
    </>
  );
}
