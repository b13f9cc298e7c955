/**
 * "Edit variables": one container's environment variables changed without the whole form. The variables are edited
 * with the form's own editor (rows or `.env` text, secret values masked until that row is shown); Review lists what
 * will change (added, changed, removed; secret values masked until shown) and Apply replaces the container's
 * variables with the list (`apps.setEnv`). A refusal is said in words and the dialog stays open.
 */
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { diffEnv, type EnvPair } from '../../../shared/apps/app-diff';
import { changeText, type AppChange } from '../../../shared/apps/change-words';
import { useCallMutation } from '../../bridge/queries';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { notify } from '../../ui/toast';
import { EnvEditor } from './containers/EnvEditor';
import type { AppForm } from './containers/form-kit';
import './containers/containers.css';

interface Props {
  readonly appId: string;
  readonly containerId: string;
  readonly containerName: string;
  /** The container's variables as the platform answered them. */
  readonly variables: readonly EnvPair[];
}

export function EnvVariablesDialog(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" aria-label={`Edit variables of container ${props.containerName}`}>
          <KeyRound size={14} aria-hidden /> Edit variables
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="apps-dialog-overlay" />
        <Dialog.Content className="apps-dialog apps-env-dialog" data-testid="env-dialog">
          {/* Mounted only while open: every opening starts from the variables as the app has them now. */}
          {open && <EnvDialogBody {...props} onClose={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Values = Pick<AppForm, 'containerTemplates'>;
const LIST = 'containerTemplates.0.environmentVariables' as const;

function EnvDialogBody({ appId, containerId, containerName, variables, onClose }: Props & { readonly onClose: () => void }) {
  const form = useForm<AppForm>({
    defaultValues: { containerTemplates: [{ environmentVariables: variables.map((v) => ({ name: v.name, value: v.value ?? '' })) }] } as Values as AppForm,
  });
  const [review, setReview] = useState<{ readonly after: { name: string; value: string }[]; readonly changes: readonly AppChange[] } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const setEnv = useCallMutation('apps.setEnv', {
    onSuccess: () => {
      notify.success(`Variables of container ${containerName} saved`);
      onClose();
    },
  });

  function toReview() {
    const rows = (form.getValues(LIST) ?? []) as { name?: string; value?: string }[];
    form.clearErrors();
    // The names the platform would refuse, each said on its row: a missing name, and a name given twice.
    const seen = new Map<string, number>();
    let bad = false;
    rows.forEach((r, i) => {
      const name = (r.name ?? '').trim();
      if (name === '') {
        form.setError(`${LIST}.${i}.name`, { message: 'Name: required — give the variable a name or remove the row.' });
        bad = true;
      } else if (seen.has(name)) {
        form.setError(`${LIST}.${i}.name`, { message: `Name: ${name} is already used by variable ${seen.get(name)! + 1}; each name may appear once.` });
        bad = true;
      } else seen.set(name, i);
    });
    if (bad) return;
    const after = rows.map((r) => ({ name: (r.name ?? '').trim(), value: r.value ?? '' }));
    setEnv.reset();
    setRevealed(false);
    setReview({ after, changes: diffEnv(variables, after, containerName) });
  }

  if (review) {
    return (
      <EnvReview
        containerName={containerName}
        changes={review.changes}
        revealed={revealed}
        onReveal={() => setRevealed((r) => !r)}
        error={setEnv.isError ? setEnv.error : null}
        sending={setEnv.isPending}
        onBack={() => setReview(null)}
        onApply={() => setEnv.mutate({ id: appId, containerId, variables: review.after })}
      />
    );
  }
  return (
    <FormProvider {...form}>
      <Dialog.Title>Variables of container {containerName}</Dialog.Title>
      <Dialog.Description>Change, add or remove variables; the next step shows what will change before anything is sent.</Dialog.Description>
      <form
        noValidate
        aria-label={`Variables of container ${containerName}`}
        onSubmit={(e) => {
          e.preventDefault();
          toReview();
        }}
      >
        <div className="apps-env-editor">
          <EnvEditor index={0} />
        </div>
        <div className="row apps-dialog-actions">
          <Dialog.Close asChild>
            <button type="button">Cancel</button>
          </Dialog.Close>
          <button type="submit" className="primary">
            Review changes
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

function EnvReview({
  containerName,
  changes,
  revealed,
  onReveal,
  error,
  sending,
  onBack,
  onApply,
}: {
  readonly containerName: string;
  readonly changes: readonly AppChange[];
  readonly revealed: boolean;
  readonly onReveal: () => void;
  readonly error: unknown;
  readonly sending: boolean;
  readonly onBack: () => void;
  readonly onApply: () => void;
}) {
  const listId = useId();
  const secrets = useMemo(() => changes.filter((c) => c.secret && (c.before || c.after)).length, [changes]);
  return (
    <>
      <Dialog.Title>Apply these changes to container {containerName}?</Dialog.Title>
      <Dialog.Description>
        {changes.length === 0 ? 'Nothing changed: the variables are as the app has them.' : 'The container’s variables are replaced with the new list.'}
      </Dialog.Description>
      {changes.length > 0 && (
        <>
          <div className="row spread">
            <h3 id={listId} className="apps-env-review-title">
              What will change ({changes.length})
            </h3>
            {secrets > 0 && (
              <button type="button" aria-pressed={revealed} onClick={onReveal}>
                {revealed ? <EyeOff aria-hidden="true" size={14} /> : <Eye aria-hidden="true" size={14} />} {revealed ? 'Hide secret values' : `Show secret values (${secrets})`}
              </button>
            )}
          </div>
          <ul className="app-changes" aria-labelledby={listId} data-testid="env-changes">
            {changes.map((c) => (
              <li key={`${c.kind}:${c.path}`} data-kind={c.kind}>
                {revealed ? changeText(c, true) : c.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {error !== null && <ErrorMessage error={error} />}
      <div className="row apps-dialog-actions">
        <button type="button" onClick={onBack} disabled={sending}>
          Back
        </button>
        <button type="button" className="primary" onClick={onApply} disabled={sending || changes.length === 0} aria-busy={sending || undefined}>
          {sending ? 'Applying…' : 'Apply'}
        </button>
      </div>
    </>
  );
}
