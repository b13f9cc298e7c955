/**
 * Start from blank, a built-in preset, a copy of an existing app or a compose file; replacing what was typed asks
 * first. Once a compose file is the start, what it could not map stays one click away ("What was not mapped").
 */
import { useEffect, useState } from 'react';
import type { AppRegistry, ComposeImportResult } from '../../../../shared/contract/apps';
import { useCallMutation } from '../../../bridge/queries';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { useLatestCallback } from '../../../ui/use-latest-callback';
import { ComposeImportDialog, UnmappedList } from './ComposeImportDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { DuplicatePicker } from './DuplicatePicker';
import type { AppFormValues } from './form-schema';
import { PRESETS, type AppPreset } from './presets';

interface Props {
  /** Whether applying a start would replace something the user typed (asked at the click: a restored draft counts). */
  readonly hasContent: () => boolean;
  readonly onStart: (preset: AppPreset | null) => void;
  /** The account's registries (a copied template may name its registry only by its image's host). */
  readonly registries: readonly AppRegistry[];
  /** Counts requests to import a compose file from outside the form (the command palette); a new value above 0 starts one. */
  readonly importRequest?: number | undefined;
  /** Starts from these values (a copy of an existing app, an imported compose file). */
  readonly onStartWith: (values: AppFormValues) => void;
}

/** A start waiting for the user's yes: what the button says, what replaces the form, and doing it. */
interface Pending {
  readonly label: string;
  readonly replacement: string;
  readonly apply: () => void;
  /** The compose import this start is, if it is one. */
  readonly imported?: ComposeImportResult;
}

export function StartFrom({ hasContent, registries, onStart, onStartWith, importRequest = 0 }: Props) {
  const [asking, setAsking] = useState<Pending | null>(null);
  const [picking, setPicking] = useState(false);
  const [imported, setImported] = useState<ComposeImportResult | null>(null);
  const [started, setStarted] = useState<ComposeImportResult | null>(null);
  const compose = useCallMutation('apps.importCompose', { onSuccess: setImported });
  const importing = compose.isPending;
  const importCompose = useLatestCallback(() => compose.mutate({}));
  useEffect(() => {
    if (importRequest > 0) importCompose();
  }, [importRequest, importCompose]);
  const choose = (pending: Pending) => {
    // A compose start keeps its report's "not mapped" list in reach; any other start puts it away.
    const apply = () => {
      pending.apply();
      setStarted(pending.imported ?? null);
    };
    if (hasContent()) setAsking({ ...pending, apply });
    else apply();
  };
  const choosePreset = (preset: AppPreset | null) =>
    choose({
      label: preset ? `Start from “${preset.title}”` : 'Start blank',
      replacement: preset ? `the preset: ${preset.description}` : 'a blank app',
      apply: () => onStart(preset),
    });
  return (
    <div className="start-from" role="group" aria-label="Start from">
      <span className="muted small">Start from:</span>
      <button type="button" onClick={() => choosePreset(null)}>
        Blank
      </button>
      {PRESETS.map((p) => (
        <button type="button" key={p.id} title={p.description} onClick={() => choosePreset(p)}>
          {p.title}
        </button>
      ))}
      <button type="button" aria-haspopup="dialog" onClick={() => setPicking(true)}>
        Duplicate an app…
      </button>
      <button type="button" aria-haspopup="dialog" disabled={importing} onClick={importCompose}>
        {importing ? 'Reading the compose file…' : 'Import compose file…'}
      </button>
      {compose.error !== null && (
        <div className="start-from-error">
          <ErrorMessage error={compose.error} />
        </div>
      )}
      {started && started.unmapped.length > 0 && (
        <details className="compose-not-mapped">
          <summary>What was not mapped from {started.fileName} ({started.unmapped.length})</summary>
          <UnmappedList items={started.unmapped} />
        </details>
      )}
      {imported && (
        <ComposeImportDialog
          result={imported}
          onClose={() => setImported(null)}
          onOpen={(values, fileName) => {
            setImported(null);
            choose({ label: `Start from ${fileName}`, replacement: `the services of ${fileName}`, apply: () => onStartWith(values), imported });
          }}
        />
      )}
      <DuplicatePicker
        open={picking}
        onClose={() => setPicking(false)}
        registries={registries}
        onPick={(values, name) => {
          setPicking(false);
          choose({ label: `Start from a copy of “${name}”`, replacement: `a copy of “${name}”`, apply: () => onStartWith(values) });
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title="Replace what you typed?"
        cancelLabel="Keep my form"
        onCancel={() => setAsking(null)}
        actions={asking ? [{ label: asking.label, danger: true, onSelect: asking.apply }] : []}
      >
        The form will be replaced by {asking?.replacement}.
      </ConfirmDialog>
    </div>
  );
}
