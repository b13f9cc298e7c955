// @vitest-environment happy-dom
/** Volume mounts: chosen from the declared volumes, or on a new volume that is declared in `volumes` too. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankApp, bodyOf, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

function setup(volumes?: { name: string; size: number }[]): { form: () => TestFormApi } {
  let api: TestFormApi | undefined;
  const initial = blankApp();
  if (volumes) initial.volumes = volumes;
  render(<TestForm initial={initial} onForm={(f) => (api = f)} />);
  fireEvent.click(screen.getByRole('button', { name: /^Volume mounts/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add mount' }));
  return { form: () => api! };
}

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('volume mounts', () => {
  it('offers the declared volumes', () => {
    const { form } = setup([{ name: 'data', size: 5 }]);
    const select = screen.getByLabelText('Mount 1 volume') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a volume', 'data', 'New volume…']);
    change('Mount 1 volume', 'data');
    change('Mount 1 path', '/var/lib/data');
    expect(bodyOf(form())).toMatchObject({ containerTemplates: [{ volumeMounts: [{ name: 'data', mountPath: '/var/lib/data' }] }], volumes: [{ name: 'data', size: 5 }] });
  });

  it('a mount on "New volume…" declares the volume in volumes and mounts it', () => {
    const { form } = setup([{ name: 'data', size: 5 }]);
    change('Mount 1 volume', '\u0000new');
    change('Mount 1: new volume name', 'data');
    change('Mount 1: new volume size (GB)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Declare volume' }));
    expect(document.body.textContent).toContain('A volume named data is already declared');
    change('Mount 1: new volume name', 'pgdata');
    fireEvent.click(screen.getByRole('button', { name: 'Declare volume' }));
    const body = bodyOf(form());
    expect(body.volumes).toEqual([{ name: 'data', size: 5 }, { name: 'pgdata', size: 10 }]);
    expect(body).toMatchObject({ containerTemplates: [{ volumeMounts: [{ name: 'pgdata' }] }] });
    expect((screen.getByLabelText('Mount 1 volume') as HTMLSelectElement).value).toBe('pgdata');
    expect(screen.queryByLabelText('Mount 1: new volume name')).toBeNull();
  });
});
