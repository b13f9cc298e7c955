/**
 * The review step: the body in words, then its exact text, which is what Create sends. Values the form masked
 * (secret-looking environment variables) are masked here too until the user reveals them; Create sends the real text.
 * Reviewing an edit, it first lists what will change (removals named) and sends the text as the app's update.
 */
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { changeText, type AppChange } from '../../../../shared/apps/change-words';
import { secretPairValueKey } from '../../../../shared/apps/env-text';
import { maskSecretMembers } from '../../../../shared/common/json-text';
import { MASK } from '../../../../shared/common/redact';
import type { AppRegion } from '../../../../shared/contract/apps';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { summarize } from './body';
import { burrowApiCommand, CREATE_APP_API_PATH } from './burrow-api-command';
import type { AppFormValues } from './form-schema';

interface Props {
  readonly text: string;
  readonly regions: readonly AppRegion[];
  readonly creating: boolean;
  readonly error: unknown;
  readonly onBack: () => void;
  readonly onCreate: () => void;
  /** Reviewing an edit: the changes from the app as it is, and the path `burrow api` would send the update to. */
  readonly edit?: { readonly changes: readonly AppChange[]; readonly apiPath: string } | undefined;
}

export function ReviewStep({ text, regions, creating, error, onBack, onCreate, edit }: Props) {
  const bodyId = useId();
  const body = JSON.parse(text) as AppFormValues;
  const heading = useRef<HTMLHeadingElement>(null);
  // Only the values of secret `{ name, value }` pairs are masked; the rest is the text byte for byte.
  const masked = useMemo(() => maskSecretMembers(text, () => false, MASK, secretPairValueKey), [text]);
  const [revealed, setRevealed] = useState(false);
  const secretChanges = edit?.changes.filter((c) => c.secret).length ?? 0;
  const secrets = masked.masked + secretChanges;
  const hidden = masked.masked > 0 && !revealed;
  const unchanged = edit !== undefined && edit.changes.length === 0;
  // The Review button that was pressed is gone: the keyboard starts at the step's heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="app-review" aria-labelledby={`${bodyId}-title`}>
      <h3 id={`${bodyId}-title`} ref={heading} tabIndex={-1}>
        {edit ? 'Review the changes' : 'Review'}
      </h3>
      {edit && <ChangeList changes={edit.changes} revealed={revealed} />}
      {/* Reviewing an edit, the summary below the changes is the whole app as saved: headed as such, so it does not read as more changes. */}
      {edit && <h4 id={`${bodyId}-summary`}>The app once saved</h4>}
      <ul className="app-summary" {...(edit ? { 'aria-labelledby': `${bodyId}-summary` } : { 'aria-label': 'Summary' })}>
        {summarize(body, regions).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="row app-body-heading">
        <h4 id={bodyId}>{hidden ? 'Request body (sent exactly as shown, secret values masked here)' : 'Request body (sent exactly as shown)'}</h4>
        {secrets > 0 && (
          <button type="button" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
            {revealed ? <EyeOff aria-hidden="true" size={14} /> : <Eye aria-hidden="true" size={14} />}{' '}
            {revealed ? 'Hide secret values' : `Show secret values (${secrets})`}
          </button>
        )}
      </div>
      <pre className="app-body-text" role="region" aria-labelledby={bodyId} tabIndex={0} data-testid="review-body" data-masked={hidden ? 'true' : undefined}>
        {hidden ? masked.text : text}
      </pre>
      <CopyCommand text={text} masked={hidden ? masked.text : null} secrets={masked.masked} method={edit ? 'PATCH' : 'POST'} path={edit?.apiPath ?? CREATE_APP_API_PATH} />
      <ErrorMessage error={error} />
      <div className="row form-actions">
        <button type="button" onClick={onBack} disabled={creating}>
          Back to the form
        </button>
        <button type="button" className="primary" onClick={onCreate} disabled={creating || unchanged} aria-busy={creating || undefined}>
          {edit ? (creating ? 'Saving…' : 'Save changes') : creating ? 'Creating…' : 'Create'}
        </button>
      </div>
    </section>
  );
}

/**
 * An edit's changes in words, a removal said as one ("… will be removed"); secret values masked until revealed. With no change, it says so (and the send button is off).
 */
function ChangeList({ changes, revealed }: { readonly changes: readonly AppChange[]; readonly revealed: boolean }) {
  const titleId = useId();
  if (changes.length === 0) {
    return (
      <p className="app-no-changes" role="status" data-testid="review-no-changes">
        Nothing changed: the form holds the app as it is, so there is nothing to save.
      </p>
    );
  }
  const removals = changes.filter((c) => c.kind === 'removed').length;
  return (
    <>
      <h4 id={titleId}>
        What will change ({changes.length}
        {removals > 0 ? `, ${removals} removed` : ''})
      </h4>
      <ul className="app-changes" aria-labelledby={titleId} data-testid="review-changes">
        {changes.map((c) => (
          <li key={`${c.kind}:${c.path}`} data-kind={c.kind} data-path={c.path}>
            {revealed ? changeText(c, true) : c.text}
          </li>
        ))}
      </ul>
      {removals > 0 && (
        <p className="muted small" role="note">
          The update sends each list whole: an item left out of it is removed from the app.
        </p>
      )}
    </>
  );
}

/**
 * "Copy as burrow api": the same request as a terminal command, copied, with a visible confirmation. The copy holds
 * the real values, so when the body has secret values the confirmation says they went to the clipboard.
 */
function CopyCommand({
  text,
  masked,
  secrets,
  method,
  path,
}: {
  readonly text: string;
  readonly masked: string | null;
  readonly secrets: number;
  readonly method: string;
  readonly path: string;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const command = burrowApiCommand(text, method, path);
  // The tooltip shows the command as the body is shown: masked values stay masked there; the copy is the real one.
  const shown = masked === null ? command : burrowApiCommand(masked, method, path);
  function copy() {
    navigator.clipboard.writeText(command).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  }
  return (
    <div className="row app-copy-command">
      <button type="button" onClick={copy} title={shown}>
        Copy as <code>burrow api</code>
      </button>
      <span role="status" className="muted small">
        {copied === 'yes'
          ? secrets > 0
            ? 'Copied — includes the secret values'
            : 'Copied (without the key: burrow api finds its own)'
          : copied === 'failed'
            ? 'The clipboard refused the copy'
            : ''}
      </span>
    </div>
  );
}
