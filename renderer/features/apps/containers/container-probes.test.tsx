// @vitest-environment happy-dom
/** Probes: off means absent, one kind's fields at a time, untouched timings absent, "200 OK" sent as its enum name. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankApp, bodyOf, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

function setup(endpointPort?: number): { form: () => TestFormApi } {
  let api: TestFormApi | undefined;
  const initial = blankApp();
  if (endpointPort) initial.containerTemplates![0]!.endpoints = [{ displayName: 'web', cdn: { portMappings: [{ containerPort: endpointPort }] } }];
  render(<TestForm initial={initial} onForm={(f) => (api = f)} />);
  fireEvent.click(screen.getByRole('button', { name: /^Probes/ }));
  return { form: () => api! };
}

const containerOf = (form: TestFormApi) => (bodyOf(form).containerTemplates as Record<string, unknown>[])[0]!;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('probes', () => {
  it('every probe is off by default and absent from the body', () => {
    const { form } = setup();
    for (const name of ['Use a startup probe', 'Use a readiness probe', 'Use a liveness probe']) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.queryByLabelText('Startup probe: port')).toBeNull();
    expect(containerOf(form())).not.toHaveProperty('probes');
  });

  it('untouched timings are left out, with the defaults as placeholders; a typed one is sent', () => {
    const { form } = setup(8080);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a readiness probe' }));
    expect((screen.getByLabelText('Readiness probe: period (seconds)') as HTMLInputElement).placeholder).toBe('10');
    expect((screen.getByLabelText('Readiness probe: timeout (seconds)') as HTMLInputElement).placeholder).toBe('7');
    type('Readiness probe: port', '8080');
    expect(containerOf(form()).probes).toEqual({ readiness: { httpGet: { request: { portNumber: 8080 } } } });
    type('Readiness probe: failure threshold', '5');
    expect(containerOf(form()).probes).toEqual({ readiness: { failureThreshold: 5, httpGet: { request: { portNumber: 8080 } } } });
    type('Readiness probe: failure threshold', '');
    expect(containerOf(form()).probes).toEqual({ readiness: { httpGet: { request: { portNumber: 8080 } } } });
  });

  it('"200 OK" is chosen by number and sent as the enum name', () => {
    const { form } = setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a liveness probe' }));
    const select = screen.getByLabelText('Liveness probe: expected status') as HTMLSelectElement;
    const ok = [...select.options].find((o) => o.textContent === '200 OK')!;
    fireEvent.change(select, { target: { value: ok.value } });
    expect(containerOf(form()).probes).toEqual({ liveness: { httpGet: { response: { expectedStatusCode: 'ok' } } } });
  });

  it('the kind switch shows only that kind\'s fields and sends only that kind', () => {
    const { form } = setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a startup probe' }));
    type('Startup probe: path', '/health');
    type('Startup probe: period (seconds)', '3');
    fireEvent.click(screen.getByRole('radio', { name: 'gRPC' }));
    expect(screen.queryByLabelText('Startup probe: path')).toBeNull();
    expect(screen.queryByLabelText('Startup probe: expected status')).toBeNull();
    type('Startup probe: service name', 'health.v1');
    type('Startup probe: port', '9000');
    expect(containerOf(form()).probes).toEqual({ startup: { periodSeconds: 3, grpc: { request: { serviceName: 'health.v1', portNumber: 9000 } } } });
    fireEvent.click(screen.getByRole('radio', { name: 'TCP' }));
    expect(screen.queryByLabelText('Startup probe: service name')).toBeNull();
    expect(containerOf(form()).probes).toEqual({ startup: { periodSeconds: 3, tcpSocket: {} } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a startup probe' }));
    expect(containerOf(form())).not.toHaveProperty('probes');
  });

  it('warns, without blocking, about a probe port no endpoint exposes', async () => {
    const { form } = setup(8080);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a liveness probe' }));
    type('Liveness probe: port', '8080');
    expect(document.body.textContent).not.toContain('No endpoint of this container exposes');
    type('Liveness probe: port', '9090');
    expect(document.body.textContent).toContain('No endpoint of this container exposes port 9090');
    let valid = false;
    await act(async () => {
      valid = await form().trigger('containerTemplates.0.probes');
    });
    expect(valid).toBe(true);
  });

  it('a timing out of range shows the schema\'s rule under that field', async () => {
    const { form } = setup();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use a startup probe' }));
    type('Startup probe: timeout (seconds)', '4000');
    await act(async () => form().handleSubmit(() => undefined)());
    const box = screen.getByLabelText('Startup probe: timeout (seconds)');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Timeout: a whole number of seconds, 1–3600');
  });
});

describe('probes read from elsewhere', () => {
  it('a probe holding two kinds (from the JSON view) is pointed out, and choosing a kind keeps one', () => {
    let api: TestFormApi | undefined;
    const initial = blankApp();
    initial.containerTemplates![0]!.probes = { liveness: { httpGet: {}, tcpSocket: { request: { portNumber: 5432 } } } };
    render(<TestForm initial={initial} onForm={(f) => (api = f)} />);
    fireEvent.click(screen.getByRole('button', { name: /^Probes/ }));
    expect(document.body.textContent).toContain('This probe has HTTP and TCP settings');
    fireEvent.click(screen.getByRole('radio', { name: 'TCP' }));
    expect(containerOf(api!).probes).toEqual({ liveness: { tcpSocket: { request: { portNumber: 5432 } } } });
    expect(document.body.textContent).not.toContain('This probe has');
  });
});
