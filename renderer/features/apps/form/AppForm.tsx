/**
 * The create form: the request body as react-hook-form values, validated by the platform's own schema, in sections
 * that fold; a review step that shows the exact text Create sends; the draft kept by the core on every change.
 * The same form edits an app (`mode={{ edit: app }}`): filled from the app, its review lists the changes and sends
 * them as the app's update; an edit keeps no draft (the core keeps one draft per profile, the create form's).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type Control } from 'react-hook-form';
import { diffRequests, updateBody } from '../../../../shared/apps/app-diff';
import type { AppChange } from '../../../../shared/apps/change-words';
import { appToRequest } from '../../../../shared/apps/duplicate-app';
import { isSecretEnvVar } from '../../../../shared/apps/env-text';
import { unreadableText } from '../../../../shared/apps/platform-answers';
import type { AppDetail } from '../../../../shared/contract/apps';
import { BridgeError, errorOf } from '../../../bridge/client';
import { useCall, useCallMutation } from '../../../bridge/queries';
import { CollapsibleSection } from '../../../ui/collapsible-section';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { applyFieldErrors, errorCountUnder, toFormPath } from '../../../ui/form-errors';
import { notify } from '../../../ui/toast';
import { AppSection } from './AppSection';
import { blankApp, bodyText, requestBody } from './body';
import { updateAppApiPath } from './burrow-api-command';
import { ConfirmDialog } from './ConfirmDialog';
import { ContainersSection } from './ContainersSection';
import { errorPaths, valueAt } from './form-helpers';
import { appFormResolver, type AppFormValues } from './form-schema';
import { LEAVE_VALIDATION_MODE, useLeaveValidation } from './use-leave-validation';
import { presetValues, type AppPreset } from './presets';
import { ReviewStep } from './ReviewStep';
import { ScalingSection } from './ScalingSection';
import { StartFrom } from './StartFrom';
import { useDraftLoad, useDraftOwner, useDraftSaver, type AppFormDraft, type DraftOwner, type DraftUi } from './use-draft';
import { useFocusFirstError, type SectionSpec } from './use-focus-first-error';
import { useJsonView } from './use-json-view';
import { JsonView } from './JsonView';
import { VolumesSection } from './VolumesSection';
import { ImageHintsProvider, useImageHintsState } from '../containers/image-hints';
import { LimitsLine } from './LimitsLine';
import { withRequiredEnv } from './required-env';
import { useOptimalRegionDefault } from './use-optimal-region';
import type { SelectorRow } from './NodeSelectors';
import './app-form.css';

/** What the form is for: a new app, or changing this one (as `apps.get` answered it). */
export type AppFormMode = 'create' | { readonly edit: AppDetail };

interface Props {
  readonly onDone: (id: string) => void;
  readonly onCancel: () => void;
  readonly mode?: AppFormMode;
  /** Counts requests to import a compose file (the command palette's); a new value above 0 opens the file dialog. */
  readonly importRequest?: number;
}

const SECTIONS: readonly (SectionSpec & { readonly title: string })[] = [
  { id: 'app', title: 'App', paths: ['name', 'runtimeType', 'terminationGracePeriodSeconds', 'repositorySettings'] },
  { id: 'scaling', title: 'Scaling and regions', paths: ['autoScaling', 'regionSettings'] },
  { id: 'containers', title: 'Containers', paths: ['containerTemplates'] },
  { id: 'volumes', title: 'Volumes', paths: ['volumes'] },
];

/** Opens the form once the stored draft is read (or could not be: then it starts blank and says so). */
export function AppForm({ onDone, onCancel, mode = 'create', importRequest }: Props) {
  if (mode !== 'create') return <EditForm app={mode.edit} onDone={onDone} onCancel={onCancel} />;
  return <CreateForm onDone={onDone} onCancel={onCancel} {...(importRequest !== undefined ? { importRequest } : {})} />;
}

function CreateForm({ onDone, onCancel, importRequest }: Props) {
  const owner = useDraftOwner();
  const load = useDraftLoad(owner);
  if (load.state === 'loading') return <p className="muted">Opening the form…</p>;
  return <LoadedForm owner={owner} draft={load.draft} loadError={load.error} secretValues={load.secretValues} notice={load.notice} onDone={onDone} onCancel={onCancel} importRequest={importRequest} />;
}

/** The edit form opens once the registries are known: a container the app gives without its registry id gets one by its image's host. */
function EditForm({ app, onDone, onCancel }: Props & { readonly app: AppDetail }) {
  const owner = useDraftOwner();
  const registries = useCall('apps.registries', {});
  const current = useMemo(() => (registries.isPending ? null : appToRequest(app, registries.data?.registries ?? [])), [app, registries.isPending, registries.data]);
  if (current === null) return <p className="muted">Opening the form…</p>;
  return <LoadedForm owner={owner} draft={null} edit={{ app, current }} onDone={onDone} onCancel={onCancel} />;
}

/** An edit: the app, and the request that leaves it as it is (what the form was filled with and what changes are told against). */
interface Editing {
  readonly app: AppDetail;
  readonly current: AppFormValues;
}

/** The update's body: the form's values made into what the update sends (see `updateBody`). */
function editBody(current: AppFormValues, values: AppFormValues): AppFormValues {
  return updateBody(current as never, requestBody(values) as never) as AppFormValues;
}

const NO_SAVE = () => undefined;

/** The app's name in a request body's text, or null when it has none. */
function nameIn(text: string): string | null {
  try {
    const name = (JSON.parse(text) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : null;
  } catch {
    return null;
  }
}

/** The platform's field errors split into those the form has a place for and the rest. */
function splitFieldErrors(fieldErrors: Readonly<Record<string, string>>, values: AppFormValues) {
  const onFields: Record<string, string> = {};
  const elsewhere: Record<string, string> = {};
  for (const [path, rule] of Object.entries(fieldErrors)) {
    const parent = toFormPath(path).split('.').slice(0, -1).join('.');
    const placed = toFormPath(path) !== 'root' && (parent === '' || (typeof valueAt(values, parent) === 'object' && valueAt(values, parent) !== null));
    (placed ? onFields : elsewhere)[path] = rule;
  }
  return { onFields, elsewhere };
}

/**
 * Without a keychain the core keeps secret-looking variable values in memory only (the draft on disk has them
 * empty): said beside the form whenever it holds such a value, so nobody counts on finding it after a restart.
 */
function SecretValuesNote({ control }: { readonly control: Control<AppFormValues> }) {
  const templates = useWatch({ control, name: 'containerTemplates' }) as unknown;
  const rows = (Array.isArray(templates) ? templates : []).flatMap((t: unknown) => {
    const env = typeof t === 'object' && t !== null ? (t as { environmentVariables?: unknown }).environmentVariables : undefined;
    return Array.isArray(env) ? (env as unknown[]) : [];
  });
  const holdsSecret = rows.some((r) => {
    const row = r as { name?: unknown; value?: unknown } | null;
    return typeof row?.name === 'string' && isSecretEnvVar(row.name, row.value) && typeof row.value === 'string' && row.value !== '';
  });
  if (!holdsSecret) return null;
  return (
    <p className="field-warning" role="note" data-testid="secret-values-memory">
      Secret values are kept only until Burrow closes: this system has no keychain. The saved draft keeps their names, not their values.
    </p>
  );
}

function LoadedForm({
  owner,
  draft,
  loadError,
  secretValues,
  notice,
  onDone,
  onCancel,
  edit,
  importRequest,
}: Props & {
  readonly edit?: Editing;
  readonly owner: DraftOwner;
  readonly draft: AppFormDraft | null;
  readonly loadError?: unknown;
  readonly secretValues?: 'sealed' | 'memory' | undefined;
  readonly notice?: string | undefined;
}) {
  // Variables the images need (Fill from image): marked in the env editors, an empty one refused on Review.
  const { hints: imageHints, requiredRef } = useImageHintsState();
  const form = useForm<AppFormValues>({
    defaultValues: edit?.current ?? draft?.values ?? blankApp(),
    resolver: withRequiredEnv(appFormResolver, () => requiredRef.current),
    ...LEAVE_VALIDATION_MODE,
    shouldFocusError: false,
  });
  const { errors, isDirty } = form.formState;
  const ui = useRef<DraftUi>(draft?.ui ?? {});
  // Saves and clears (a create that finishes after a switch included) go to the profile the form was opened for.
  const saver = useDraftSaver(owner);
  const [step, setStep] = useState<{ readonly kind: 'form' } | { readonly kind: 'review'; readonly text: string; readonly changes?: readonly AppChange[] }>({ kind: 'form' });
  const [createError, setCreateError] = useState<unknown>(null);
  const [asking, setAsking] = useState(false);
  const [startNonce, setStartNonce] = useState(0);
  const { nonces, focusFirst } = useFocusFirstError(SECTIONS, form.setFocus);
  const regions = useCall('apps.regions', {});
  const registries = useCall('apps.registries', {});
  // An edit keeps no draft: nothing is scheduled, so nothing is written.
  const schedule = edit ? NO_SAVE : saver.schedule;
  // A new app starts in the platform's optimal region; a restored draft or an edit keeps its own.
  const startingBlank = useOptimalRegionDefault(form, draft === null && !edit);

  const onApplied = useCallback(() => setStartNonce((n) => n + 1), []);
  const json = useJsonView({ form, initial: draft?.ui, uiRef: ui, schedule, onApplied });

  const { subscribe, getValues } = form;
  useEffect(
    // Every change of a value (typing, rows added, a preset applied) schedules a save; the saver debounces.
    () => subscribe({ formState: { values: true }, callback: () => schedule({ values: getValues(), ui: ui.current }) }),
    [subscribe, getValues, schedule],
  );
  // Errors show once a changed field is left, or on Review; a field showing one is checked again as it changes.
  const leaving = useLeaveValidation(form);

  const onSelectorRowsChange = useCallback((rows: readonly SelectorRow[]) => {
    ui.current = { ...ui.current, nodeSelectorRows: rows };
  }, []);

  /** A refused create or update: the platform's field errors land on their fields (the form opens again), the rest beside the button. */
  function onSendError(e: unknown) {
    const error = errorOf(e);
    const { onFields, elsewhere } = splitFieldErrors(error.fieldErrors ?? {}, form.getValues());
    const rest = Object.keys(elsewhere).length ? elsewhere : undefined;
    setCreateError(new BridgeError({ ...error, fieldErrors: rest }));
    if (Object.keys(onFields).length === 0) return;
    setStep({ kind: 'form' });
    focusFirst(applyFieldErrors(form, onFields, error.platformSays));
  }
  const create = useCallMutation('apps.create', {
    onSuccess: ({ id }) => {
      saver.clear().catch((e: unknown) => notify.warning(`The app was created, but its draft could not be removed: ${errorOf(e).title}`));
      notify.success(`App created: ${id}`, { action: { label: 'Copy id', onClick: () => void navigator.clipboard.writeText(id) } });
      onDone(id);
    },
    onError: onSendError,
  });
  const update = useCallMutation('apps.update', {
    onSuccess: ({ id }, input) => {
      // Named as it is now: a renamed app is told by its new name.
      notify.success(`Changes saved: ${nameIn(input.text) ?? edit?.app.name ?? id}`);
      onDone(id);
    },
    onError: onSendError,
  });
  const sending = edit ? update.isPending : create.isPending;

  const submit = form.handleSubmit(
    () => {
      setCreateError(null);
      if (edit) {
        const body = editBody(edit.current, form.getValues());
        setStep({ kind: 'review', text: JSON.stringify(body, null, 2), changes: diffRequests(edit.current as never, body as never) });
      } else setStep({ kind: 'review', text: bodyText(form.getValues()) });
    },
    (invalid) => {
      // The fields that break a rule are on the form side: show it, then focus the first of them.
      if (json.view === 'json') json.show('form');
      focusFirst(errorPaths(invalid));
    },
  );
  function review(e: FormEvent) {
    // JSON that does not read yet is not the body: refuse to review it (the last text that read is not what is shown).
    if (json.view === 'json' && json.problem !== null) {
      e.preventDefault();
      json.show('form');
      return;
    }
    void submit(e);
  }

  const reviewButton = useRef<HTMLButtonElement>(null);
  const returnToReview = useRef(false);
  function back() {
    returnToReview.current = true;
    setStep({ kind: 'form' });
  }
  useEffect(() => {
    // Back from review: the keyboard returns to the button that left the form (once the form is shown again).
    if (step.kind !== 'form' || !returnToReview.current) return;
    returnToReview.current = false;
    reviewButton.current?.focus();
  }, [step]);

  function start(preset: AppPreset | null) {
    startWith(preset ? presetValues(preset, registries.data?.registries ?? []) : blankApp());
  }

  function startWith(values: AppFormValues) {
    ui.current = ui.current.view === 'json' ? { view: 'json' } : {};
    form.reset(values, { keepDefaultValues: true });
    // The node selector rows are rebuilt from the new body, and the JSON text is the new body's.
    setStartNonce((n) => n + 1);
    json.refresh();
  }

  /** Something would be lost by closing: for an edit, a change from the app as it is (what Review would list). */
  function unsaved(): boolean {
    if (!edit) return isDirty;
    return diffRequests(edit.current as never, editBody(edit.current, form.getValues()) as never).length > 0;
  }

  function leave(keepDraft: boolean) {
    if (edit) return onCancel();
    if (keepDraft) saver.flush();
    else saver.clear().catch((e: unknown) => notify.error(`The draft could not be discarded: ${errorOf(e).title}`));
    onCancel();
  }

  const counts: Record<string, number> = Object.fromEntries(SECTIONS.map((s) => [s.id, s.paths.reduce((n, p) => n + errorCountUnder(errors, p), 0)]));

  return (
    <FormProvider {...form}>
      <ImageHintsProvider hints={imageHints}>
        <div className="app-form">
          <h2>{edit ? `Edit ${edit.app.name}` : 'New app'}</h2>
          {loadError !== undefined && (
            <div>
              <p>The saved draft could not be read, so the form starts blank.</p>
              <ErrorMessage error={loadError} />
            </div>
          )}
          <form noValidate aria-label={edit ? `Edit ${edit.app.name}` : 'New app'} hidden={step.kind !== 'form'} onSubmit={review} onBlur={leaving.onBlur} onChange={leaving.onChange}>
            {!edit && <LimitsLine kind="apps" />}
            {!edit && <StartFrom hasContent={() => bodyText(form.getValues()) !== bodyText(startingBlank())} registries={registries.data?.registries ?? []} onStart={start} onStartWith={startWith} importRequest={importRequest} />}
            <div className="row view-switch" role="group" aria-label="Edit as">
              <button type="button" aria-pressed={json.view === 'form'} onClick={() => json.show('form')}>
                Form
              </button>
              <button type="button" aria-pressed={json.view === 'json'} onClick={() => json.show('json')}>
                JSON
              </button>
            </div>
            {json.view === 'json' && <JsonView text={json.text} problem={json.problem} refused={json.refused} editorRef={json.editorRef} onChange={json.edit} />}
            {/* The sections stay mounted under the JSON view: values applied from the text are on them when switched back. */}
            <div className="app-form-sections" hidden={json.view !== 'form'}>
              {SECTIONS.map((s) => {
                const count = counts[s.id] ?? 0;
                const nonce = nonces[s.id] ?? 0;
                return (
                  <div key={`${s.id}-${nonce}`} data-section={s.id}>
                    <CollapsibleSection title={s.title} errorCount={count} defaultOpen>
                      {s.id === 'app' && <AppSection />}
                      {s.id === 'scaling' && <ScalingSection key={startNonce} initialSelectorRows={startNonce ? undefined : draft?.ui?.nodeSelectorRows} onSelectorRowsChange={onSelectorRowsChange} />}
                      {s.id === 'containers' && registries.data?.unreadable && registries.data.unreadable.count > 0 && (
                        <p className="muted small" role="note" data-testid="registries-unreadable">
                          {unreadableText(registries.data.unreadable, 'image registry', 'image registries')}
                        </p>
                      )}
                      {s.id === 'containers' && <ContainersSection registries={registries.data?.registries ?? []} />}
                      {s.id === 'volumes' && <VolumesSection />}
                    </CollapsibleSection>
                  </div>
                );
              })}
            </div>
            {step.kind === 'form' && <ErrorMessage error={createError} />}
            {secretValues === 'memory' && !edit && <SecretValuesNote control={form.control} />}
            {notice !== undefined && (
              <p className="field-warning" role="note" data-testid="draft-notice">
                {notice}
              </p>
            )}
            {saver.saveError ? <p className="field-warning">The draft could not be saved: {errorOf(saver.saveError).title}</p> : null}
            <div className="row form-actions">
              <button type="button" onClick={() => (unsaved() ? setAsking(true) : leave(true))}>
                Cancel
              </button>
              <button type="submit" className="primary" ref={reviewButton}>
                Review
              </button>
            </div>
          </form>
          {step.kind === 'review' && (
            <ReviewStep
              text={step.text}
              regions={regions.data?.regions ?? []}
              creating={sending}
              error={createError}
              onBack={back}
              onCreate={() => (edit ? update.mutate({ id: edit.app.id, text: step.text }) : create.mutate({ text: step.text }))}
              edit={edit && { changes: step.changes ?? [], apiPath: updateAppApiPath(edit.app.id) }}
            />
          )}
          {edit ? (
            <ConfirmDialog
              open={asking}
              title="Discard your changes?"
              cancelLabel="Keep editing"
              onCancel={() => setAsking(false)}
              actions={[{ label: 'Discard the changes', danger: true, onSelect: () => leave(false) }]}
            >
              {`The changes to ${edit.app.name} are not saved; an edit keeps no draft.`}
            </ConfirmDialog>
          ) : (
          <ConfirmDialog
            open={asking}
            title="Close the form?"
            cancelLabel="Keep editing"
            onCancel={() => setAsking(false)}
            actions={[
              { label: 'Close, keep the draft', onSelect: () => leave(true) },
              { label: 'Discard the draft', danger: true, onSelect: () => leave(false) },
            ]}
          >
            What you typed is saved as a draft and comes back the next time you open the form, unless you discard it.
          </ConfirmDialog>
          )}
        </div>
      </ImageHintsProvider>
    </FormProvider>
  );
}
