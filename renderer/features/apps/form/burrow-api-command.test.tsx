// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenize } from '../../../../shared/console/command-shell';
import { burrowApiCommand } from './burrow-api-command';
import { formBridge, renderForm } from './testing/form';

afterEach(cleanup);

const BODY = {
  name: "it's mine",
  runtimeType: 'shared',
  autoScaling: { min: 1, max: 1 },
  regionSettings: {},
  containerTemplates: [{ name: 'web', imageNamespace: 'library', imageName: 'nginx', imageTag: 'stable', imageRegistryId: '7' }],
};

describe('Copy as burrow api', () => {
  it('is a POST to the containers area with the body on one line, quoted for a shell, and no key', () => {
    const text = JSON.stringify(BODY, null, 2);
    const command = burrowApiCommand(text);
    expect(command).toBe(`burrow api POST /mc/apps --body '${JSON.stringify(BODY).replace(/'/g, `'\\''`)}'`);
    // Split as a shell (and the in-app console) would: the body word is the same request, on one line.
    const words = tokenize(command);
    expect(words.ok && words.tokens.slice(0, 5)).toEqual(['burrow', 'api', 'POST', '/mc/apps', '--body']);
    expect(words.ok && JSON.parse(words.tokens[5]!)).toEqual(BODY);
    expect(words.ok && words.tokens[5]).not.toContain('\n');
    expect(command).not.toMatch(/api-key|AccessKey/i);
  });

  it('copies the command of the body under review and says so', async () => {
    formBridge({ values: BODY });
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'copied app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const text = (await screen.findByTestId('review-body')).textContent ?? '';
    fireEvent.click(screen.getByRole('button', { name: 'Copy as burrow api' }));
    expect((await screen.findByText(/^Copied/)).getAttribute('role')).toBe('status');
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(burrowApiCommand(text));
    expect(copied).toContain('"name":"copied app"');
  });

  it('says the copy includes the secret values when the body has some, and not when it has none', async () => {
    const secretBody = {
      ...BODY,
      containerTemplates: [{ ...BODY.containerTemplates[0], environmentVariables: [{ name: 'STRIPE', value: 'sk_live_abcdefghijklmnop1234' }] }],
    };
    formBridge({ values: secretBody });
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'secret app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect((await screen.findByTestId('review-body')).textContent).not.toContain('sk_live_');
    fireEvent.click(screen.getByRole('button', { name: 'Copy as burrow api' }));
    expect(await screen.findByText('Copied — includes the secret values')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toContain('sk_live_abcdefghijklmnop1234');
    cleanup();

    formBridge({ values: BODY });
    renderForm();
    await screen.findByRole('form', { name: 'New app' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'plain app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByTestId('review-body');
    fireEvent.click(screen.getByRole('button', { name: 'Copy as burrow api' }));
    expect(await screen.findByText('Copied (without the key: burrow api finds its own)')).toBeTruthy();
    expect(screen.queryByText(/includes the secret values/)).toBeNull();
  });
});
