/**
 * The review step: the body in words, then its exact text, which is what Create sends. Values the form masked
 * (secret-looking environment variables) are masked here too until the user reveals them; Create sends the real text.
 */
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { secretPairValueKey } from '../../../../shared/apps/env-text';
import { maskSecretMembers } from '../../../../shared/json-text';
import { MASK } from '../../../../shared/redact';
import type { AppRegion } from '../../../../shared/contract/apps';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { summarize } from './body';
import { burrowApiCommand } from './burrow-api-command';
import type { AppFormValues } from './form-schema';

interface Props {
  readonly text: string;
  readonly regions: readonly AppRegion[];
  readonly creating: boolean;
  readonly error: unknown;
  readonly onBack: () => void;
  readonly onCreate: () => void;
}

export function ReviewStep({ text, regions, creating, error, onBack, onCreate }: Props) {
  const bodyId = useId();
  const body = JSON.parse(text) as AppFormValues;
  const heading = useRef<HTMLHeadingElement>(null);
  // Only the values of secret `{ name, value }` pairs are masked; the rest is the text byte for byte.
  const masked = useMemo(() => maskSecretMembers(text, () => false, MASK, secretPairValueKey), [text]);
  const [revealed, setRevealed] = useState(false);
  const hidden = masked.masked > 0 && !revealed;
  // The Review button that was pressed is gone: the keyboard starts at the step's heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="app-review" aria-labelledby={`${bodyId}-title`}>
      <h3 id={`${bodyId}-title`} ref={heading} tabIndex={-1}>
        Review
      </h3>
      <ul className="app-summary" aria-label="Summary">
        {summarize(body, regions).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="row app-body-heading">
        <h4 id={bodyId}>{hidden ? 'Request body (sent exactly as shown, secret values masked here)' : 'Request body (sent exactly as shown)'}</h4>
        {masked.masked > 0 && (
          <button type="button" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
            {revealed ? <EyeOff aria-hidden="true" size={14} /> : <Eye aria-hidden="true" size={14} />}{' '}
            {revealed ? 'Hide secret values' : `Show secret values (${masked.masked})`}
          </button>
        )}
      </div>
      <pre className="app-body-text" role="region" aria-labelledby={bodyId} tabIndex={0} data-testid="review-body" data-masked={hidden ? 'true' : undefined}>
        {hidden ? masked.text : text}
      </pre>
      <CopyCommand text={text} masked={hidden ? masked.text : null} secrets={masked.masked} />
      <ErrorMessage error={error} />
      <div className="row form-actions">
        <button type="button" onClick={onBack} disabled={creating}>
          Back to the form
        </button>
        <button type="button" className="primary" onClick={onCreate} disabled={creating} aria-busy={creating || undefined}>
          {creating ? 'Creating…' : 'Create'}
        </button>
      </div>
    </section>
  );
}

/**
 * "Copy as burrow api": the same request as a terminal command, copied, with a visible confirmation. The copy holds
 * the real values, so when the body has secret values the confirmation says they went to the clipboard.
 */
function CopyCommand({ text, masked, secrets }: { readonly text: string; readonly masked: string | null; readonly secrets: number }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const command = burrowApiCommand(text);
  // The tooltip shows the command as the body is shown: masked values stay masked there; the copy is the real one.
  const shown = masked === null ? command : burrowApiCommand(masked);
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
