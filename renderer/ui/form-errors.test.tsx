// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { CollapsibleSection } from './collapsible-section';
import { Field } from './field';
import { errorCountUnder, toCorePath, toFormPath, useApplyFieldErrors } from './form-errors';

afterEach(cleanup);

describe('error paths', () => {
  it.each([
    ['name', 'name'],
    ['autoScaling.min', 'autoScaling.min'],
    ['containerTemplates[0].endpoints[12].cdn', 'containerTemplates.0.endpoints.12.cdn'],
    ['ports[3]', 'ports.3'],
    ['$', 'root'],
  ])('%s ⇄ %s', (core, form) => {
    expect(toFormPath(core)).toBe(form);
    expect(toCorePath(form)).toBe(core);
  });

  it('counts the errors under a path', () => {
    const errors = {
      name: { type: 'server', message: 'is required' },
      ports: [undefined, { number: { type: 'server', message: 'too big' }, protocol: { type: 'server', message: 'unknown' } }],
    } as unknown as FieldErrors;
    expect(errorCountUnder(errors)).toBe(3);
    expect(errorCountUnder(errors, 'ports')).toBe(2);
    expect(errorCountUnder(errors, 'ports.1.number')).toBe(1);
    expect(errorCountUnder(errors, 'env')).toBe(0);
  });
});

interface Values {
  name: string;
  ports: { number: string }[];
}

/** A form whose Save answers with the core's field errors, as a failed `apps.create` would. */
function AppForm({ fieldErrors }: { readonly fieldErrors: Record<string, string> }) {
  const form = useForm<Values>({ defaultValues: { name: 'web', ports: [{ number: '80' }] } });
  const { errors } = form.formState;
  const apply = useApplyFieldErrors(form);
  return (
    <form>
      <Field label="Name" error={errors.name?.message}>
        {(p) => <input {...p} {...form.register('name')} />}
      </Field>
      <CollapsibleSection title="Ports" errorCount={errorCountUnder(errors, 'ports')}>
        <Field label="Port number" error={errors.ports?.[0]?.number?.message}>
          {(p) => <input {...p} {...form.register('ports.0.number')} />}
        </Field>
      </CollapsibleSection>
      <button type="button" onClick={() => apply(fieldErrors)}>
        Save
      </button>
    </form>
  );
}

describe('useApplyFieldErrors', () => {
  it('puts the core’s errors on their fields and focuses the first one on the page', () => {
    render(<AppForm fieldErrors={{ 'ports[0].number': 'must be 65535 or less', name: 'is required' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('is required')).toBeTruthy();
    expect(screen.getByLabelText('Port number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be 65535 or less')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ports 1 error' }).getAttribute('aria-expanded')).toBe('true');
    // Name comes first on the page, although the core listed the port first.
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('opens a folded section to focus the invalid field inside it', () => {
    render(<AppForm fieldErrors={{ 'ports[0].number': 'must be 65535 or less' }} />);
    expect(screen.queryByLabelText('Port number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Port number'));
  });
});
