// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';

afterEach(cleanup);

describe('Field', () => {
  it('labels the control and points it at the hint and the error', () => {
    render(
      <Field label="Port" hint="Between 1 and 65535." error="must be 65535 or less">
        {(p) => <input {...p} defaultValue="70000" />}
      </Field>,
    );
    const input = screen.getByLabelText('Port');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['Between 1 and 65535.', 'must be 65535 or less']);
  });

  it('is neither invalid nor described by an error it does not have', () => {
    const { rerender } = render(<Field label="Name" hint="Shown in the sidebar.">{(p) => <input {...p} />}</Field>);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Shown in the sidebar.');
    rerender(<Field label="Name">{(p) => <input {...p} />}</Field>);
    expect(screen.getByLabelText('Name').hasAttribute('aria-describedby')).toBe(false);
  });
});
