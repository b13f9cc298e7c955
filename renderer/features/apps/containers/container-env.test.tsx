// @vitest-environment happy-dom
/** Environment variables: `.env` text applied whole or not at all, duplicates flagged, secrets masked until revealed. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { blankApp, bodyOf, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

function setup(env?: { name: string; value: string }[]): { form: () => TestFormApi } {
  let api: TestFormApi | undefined;
  const initial = blankApp();
  if (env) initial.containerTemplates![0]!.environmentVariables = env;
  render(<TestForm initial={initial} onForm={(f) => (api = f)} />);
  fireEvent.click(screen.getByRole('button', { name: /Environment variables/ }));
  return { form: () => api! };
}

const envOf = (form: TestFormApi) => (bodyOf(form).containerTemplates as { environmentVariables?: unknown }[])[0]!.environmentVariables;

function applyText(text: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'As .env text' }));
  fireEvent.change(screen.getByLabelText('.env text'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('environment variables', () => {
  it('pasted .env text becomes the rows', () => {
    const { form } = setup();
    applyText('# db\nexport DB_HOST=db\nGREETING="hello world"\n');
    expect(envOf(form())).toEqual([
      { name: 'DB_HOST', value: 'db' },
      { name: 'GREETING', value: 'hello world' },
    ]);
    expect((screen.getByLabelText('Variable 2 value') as HTMLInputElement).value).toBe('hello world');
  });

  it('a bad line is named by number and nothing is applied', () => {
    const { form } = setup([{ name: 'KEEP', value: '1' }]);
    applyText('A=1\nBAD LINE=x\nC=3');
    expect(screen.getByRole('alert').textContent).toContain('Line 2:');
    expect(envOf(form())).toEqual([{ name: 'KEEP', value: '1' }]);
    expect(screen.getByLabelText('.env text')).toBeTruthy();
  });

  it('duplicate names are flagged on the rows and in the summary', () => {
    setup();
    applyText('A=1\nB=2\nA=3\n');
    expect(screen.getByRole('status').textContent).toContain('A is on lines 1, 3');
    expect(document.body.textContent).toContain('Same name as row 3');
    expect(document.body.textContent).toContain('Same name as row 1');
  });

  it('a secret-looking value is masked until its row is revealed, and hidden again', () => {
    setup([
      { name: 'DB_PASSWORD', value: 'hunter2' },
      { name: 'PORT', value: '80' },
    ]);
    const secret = screen.getByLabelText('Variable 1 value') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect((screen.getByLabelText('Variable 2 value') as HTMLInputElement).type).toBe('text');
    expect(screen.queryByRole('button', { name: 'Show value of variable 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show value of variable 1' }));
    expect(secret.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide value of variable 1' }));
    expect(secret.type).toBe('password');
  });

  it('a value that reads as a credential is masked though its name does not say so (the Review rule)', () => {
    setup([
      { name: 'STRIPE', value: 'sk_live_abcdefghijklmnop1234' },
      { name: 'MODE', value: 'production' },
    ]);
    const secret = screen.getByLabelText('Variable 1 value') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect((screen.getByLabelText('Variable 2 value') as HTMLInputElement).type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Show value of variable 1' }));
    expect(secret.type).toBe('text');
    // Nor does the text view print it.
    fireEvent.click(screen.getByRole('radio', { name: 'As .env text' }));
    expect((screen.getByLabelText('.env text') as HTMLTextAreaElement).value).toBe('');
  });

  it('the text view does not show secrets: with one among the rows it starts empty', () => {
    setup([{ name: 'API_TOKEN', value: 'abc' }]);
    fireEvent.click(screen.getByRole('radio', { name: 'As .env text' }));
    expect((screen.getByLabelText('.env text') as HTMLTextAreaElement).value).toBe('');
  });

  it('a .env file chosen is read and applied', async () => {
    const { form } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'As .env text' }));
    const file = new File(['X=1\nY=two words\n'], 'app.env', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Load a .env file'), { target: { files: [file] } });
    await waitFor(() => expect(envOf(form())).toEqual([{ name: 'X', value: '1' }, { name: 'Y', value: 'two words' }]));
  });
});
