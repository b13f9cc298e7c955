// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CollapsibleSection } from './collapsible-section';

afterEach(cleanup);

const body = <input aria-label="Minimum instances" />;

describe('CollapsibleSection', () => {
  it('folds and unfolds from its header button', () => {
    render(<CollapsibleSection title="Scaling">{body}</CollapsibleSection>);
    const trigger = screen.getByRole('button', { name: 'Scaling' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Minimum instances')).toBeNull();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Minimum instances')).toBeTruthy();
  });

  it('says in words how many errors it holds, and opens when they arrive', () => {
    const { rerender } = render(<CollapsibleSection title="Scaling">{body}</CollapsibleSection>);
    rerender(
      <CollapsibleSection title="Scaling" errorCount={2}>
        {body}
      </CollapsibleSection>,
    );
    const trigger = screen.getByRole('button', { name: 'Scaling 2 errors' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // The user may fold it again; the count stays on the header.
    fireEvent.click(trigger);
    expect(screen.getByRole('button', { name: 'Scaling 2 errors' }).getAttribute('aria-expanded')).toBe('false');
    rerender(
      <CollapsibleSection title="Scaling" errorCount={1}>
        {body}
      </CollapsibleSection>,
    );
    expect(screen.getByRole('button', { name: 'Scaling 1 error' }).getAttribute('aria-expanded')).toBe('false');
  });
});
