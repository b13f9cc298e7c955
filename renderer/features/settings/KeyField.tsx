/** A write-only key field: type a key and save it; afterwards only its last four characters show. */
import { useId, useState, type FormEvent } from 'react';
import type { KeySlot, KeyStatus } from '../../../shared/settings/profiles';
import { fieldError } from '../../ui/ErrorMessage';
import { useCallMutation } from '../../bridge/queries';
import { SECRET_INPUT_MARKS } from '../../ui/secret-field';

interface Props {
  readonly profileId: string;
  readonly slot: KeySlot;
  readonly label: string;
  readonly status: KeyStatus;
  readonly readOnly?: boolean;
}

function describe(status: KeyStatus): string {
  switch (status.state) {
    case 'none':
      return 'Not set';
    case 'reenter':
      return 'Stored key cannot be read on this system any more: enter it again';
    case 'session':
      return `Set (…${status.hint ?? ''}), kept for this session only`;
    case 'stored':
      return `Set (…${status.hint ?? ''})`;
  }
}

export function KeyField({ profileId, slot, label, status, readOnly }: Props) {
  const [value, setValue] = useState('');
  const set = useCallMutation('settings.setKey');
  const remove = useCallMutation('settings.deleteKey');
  const id = useId();
  const error = fieldError(set.error, 'value');

  function submit(e: FormEvent) {
    e.preventDefault();
    set.mutate({ profileId, slot, value }, { onSuccess: () => setValue('') });
  }

  return (
    <form className="key-field" onSubmit={submit} data-testid={`key-${slot.kind}${slot.kind === 'library' ? `-${slot.libraryId}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input
          id={id}
          type="password"
          {...SECRET_INPUT_MARKS}
          value={value}
          disabled={readOnly}
          placeholder={status.configured ? `•••• ${status.hint ?? ''}` : 'Paste the key'}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-state`}
          onChange={(e) => setValue(e.target.value)}
        />
        {!readOnly && (
          <button type="submit" disabled={value.trim() === '' || set.isPending}>
            {status.configured ? 'Replace' : 'Save'}
          </button>
        )}
        {!readOnly && status.state !== 'none' && (
          <button type="button" onClick={() => remove.mutate({ profileId, slot })} disabled={remove.isPending}>
            Remove
          </button>
        )}
      </div>
      <span id={`${id}-state`} className={status.state === 'reenter' ? 'field-error' : 'muted small'}>
        {readOnly ? `Built in (…${status.hint ?? ''})` : describe(status)}
      </span>
      {error && <span className="field-error">Key {error}</span>}
    </form>
  );
}
