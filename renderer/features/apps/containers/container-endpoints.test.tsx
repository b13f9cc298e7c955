// @vitest-environment happy-dom
/** Endpoints: only the chosen kind's fields, one CDN port mapping in the body, header chips, database port warnings. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

function setup(): { form: () => TestFormApi } {
  let api: TestFormApi | undefined;
  render(<TestForm onForm={(f) => (api = f)} />);
  fireEvent.click(screen.getByRole('button', { name: /^Endpoints/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  return { form: () => api! };
}

const endpointsOf = (form: TestFormApi) => (bodyOf(form).containerTemplates as { endpoints?: unknown }[])[0]!.endpoints;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('endpoints', () => {
  it('a CDN endpoint shows only CDN fields and sends exactly one port mapping', () => {
    const { form } = setup();
    expect(screen.getByLabelText('Endpoint 1: SSL')).toBeTruthy();
    expect(screen.getByLabelText('Endpoint 1: pull zone id')).toBeTruthy();
    expect(screen.queryByLabelText('Endpoint 1: address type')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add port mapping' })).toBeNull();
    type('Endpoint 1 name', 'web');
    type('Endpoint 1 port mapping: container port', '8080');
    fireEvent.click(screen.getByLabelText('Endpoint 1: SSL'));
    expect(endpointsOf(form())).toEqual([{ displayName: 'web', cdn: { isSslEnabled: true, portMappings: [{ containerPort: 8080 }] } }]);
  });

  it('switching to anycast shows its fields instead and drops the CDN part from the body', () => {
    const { form } = setup();
    type('Endpoint 1 name', 'dns');
    type('Endpoint 1: pull zone id', '55');
    fireEvent.click(screen.getByRole('radio', { name: 'Anycast' }));
    expect(screen.queryByLabelText('Endpoint 1: SSL')).toBeNull();
    expect(screen.getByLabelText('Endpoint 1: address type')).toBeTruthy();
    type('Endpoint 1 port mapping 1: container port', '53');
    fireEvent.click(screen.getByRole('checkbox', { name: 'UDP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add port mapping' }));
    type('Endpoint 1 port mapping 2: container port', '54');
    expect(endpointsOf(form())).toEqual([
      { displayName: 'dns', anycast: { type: 'iPv4', portMappings: [{ containerPort: 53, protocols: ['udp'] }, { containerPort: 54 }] } },
    ]);
  });

  it('sticky sessions take one to three header chips and a cookie name', async () => {
    const { form } = setup();
    fireEvent.click(screen.getByLabelText('Endpoint 1: sticky sessions'));
    const header = screen.getByLabelText('Endpoint 1: session header') as HTMLInputElement;
    for (const h of ['X-User', 'X-Team', 'X-Org']) {
      fireEvent.change(header, { target: { value: h } });
      fireEvent.keyDown(header, { key: 'Enter' });
    }
    expect(header.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove header X-Team' }));
    type('Endpoint 1: cookie name', 'sid');
    const cdn = (endpointsOf(form()) as { cdn: Record<string, unknown> }[])[0]!.cdn;
    expect(cdn.stickySessions).toEqual({ enabled: true, sessionHeaders: ['X-User', 'X-Org'], cookieName: 'sid' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove header X-User' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove header X-Org' }));
    await act(async () => form().handleSubmit(() => undefined)());
    expect(document.body.textContent).toContain('Session headers: 1–3 header names');
  });

  it('a database port on an endpoint is warned about, and still allowed', async () => {
    const { form } = setup();
    type('Endpoint 1 name', 'db');
    type('Endpoint 1 port mapping: container port', '5432');
    expect(document.body.textContent).toContain("Port 5432 is PostgreSQL's port");
    let valid = false;
    await act(async () => {
      valid = await form().trigger('containerTemplates.0.endpoints');
    });
    expect(valid).toBe(true);
  });
});
