/** The review step: the body in words, then its exact text, which is what Create sends. */
import { useEffect, useId, useRef, useState } from 'react';
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
      <h4 id={bodyId}>Request body (sent exactly as shown)</h4>
      <pre className="app-body-text" role="region" aria-labelledby={bodyId} tabIndex={0} data-testid="review-body">
        {text}
      </pre>
      <CopyCommand text={text} />
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

/** "Copy as burrow api": the same request as a terminal command, copied, with a visible confirmation. */
function CopyCommand({ text }: { readonly text: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const command = burrowApiCommand(text);
  function copy() {
    navigator.clipboard.writeText(command).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  }
  return (
    <div className="row app-copy-command">
      <button type="button" onClick={copy} title={command}>
        Copy as <code>burrow api</code>
      </button>
      <span role="status" className="muted small">
        {copied === 'yes' ? 'Copied (without the key: burrow api finds its own)' : copied === 'failed' ? 'The clipboard refused the copy' : ''}
      </span>
    </div>
  );
}
