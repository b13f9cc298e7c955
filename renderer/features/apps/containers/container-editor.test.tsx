// @vitest-environment happy-dom
/** The whole container editor: every section open and filled, no serious accessibility violation, every control named. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addApplicationRequestSchema } from '../../../../shared/apps/schema';
import { blankApp, bodyOf, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillEverything(): { form: () => TestFormApi; onRemove: () => void } {
  let api: TestFormApi | undefined;
  const onRemove = vi.fn();
  const initial = blankApp();
  initial.containerTemplates![0]!.environmentVariables = [{ name: 'DB_PASSWORD', value: 's3cret' }];
  render(<TestForm initial={initial} onForm={(f) => (api = f)} onRemove={onRemove} />);
  for (const s of ['Environment variables', 'Endpoints', 'Volume mounts', 'Entry point', 'Probes']) {
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${s}`) }));
  }
  const ref = screen.getByLabelText('Image reference');
  fireEvent.change(ref, { target: { value: 'ghcr.io/acme/api:1.0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  type('Endpoint 1 name', 'web');
  type('Endpoint 1 port mapping: container port', '8080');
  fireEvent.click(screen.getByLabelText('Endpoint 1: sticky sessions'));
  type('Endpoint 1: session header', 'X-User');
  fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  type('Endpoint 2 name', 'dns');
  fireEvent.click(screen.getAllByRole('radio', { name: 'Anycast' })[1]!);
  type('Endpoint 2 port mapping 1: container port', '53');
  fireEvent.click(screen.getByRole('button', { name: 'Add mount' }));
  type('Mount 1 volume', '\u0000new');
  type('Mount 1: new volume name', 'data');
  type('Mount 1: new volume size (GB)', '5');
  fireEvent.click(screen.getByRole('button', { name: 'Declare volume' }));
  type('Mount 1 path', '/data');
  type('Command line', 'node server.js');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Use a readiness probe' }));
  type('Readiness probe: port', '8080');
  return { form: () => api!, onRemove };
}

describe('ContainerTemplateEditor', () => {
  it('a filled container is a valid request body, exactly as the form holds it', () => {
    const { form } = fillEverything();
    const body = bodyOf(form());
    const parsed = addApplicationRequestSchema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(body).toMatchObject({
      containerTemplates: [
        {
          name: 'app',
          imageRegistryId: '12',
          imageNamespace: 'acme',
          imageName: 'api',
          imageTag: '1.0',
          environmentVariables: [{ name: 'DB_PASSWORD', value: 's3cret' }],
          endpoints: [
            { displayName: 'web', cdn: { portMappings: [{ containerPort: 8080 }], stickySessions: { enabled: true, sessionHeaders: ['X-User'] } } },
            { displayName: 'dns', anycast: { type: 'iPv4', portMappings: [{ containerPort: 53 }] } },
          ],
          volumeMounts: [{ name: 'data', mountPath: '/data' }],
          entryPoint: { commandArray: ['node', 'server.js'] },
          probes: { readiness: { httpGet: { request: { portNumber: 8080 } } } },
        },
      ],
      volumes: [{ name: 'data', size: 5 }],
    });
  });

  it('has no serious accessibility violation, filled or showing errors, and names every control', async () => {
    const { form, onRemove } = fillEverything();
    type('Endpoint 1: pull zone id', '1.5');
    type('Mount 1 path', 'relative');
    await act(async () => form().handleSubmit(() => undefined)());
    expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(0);
    // axe's label, select-name and button-name rules (critical) are what "every control named" means here.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Container 1: app' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
