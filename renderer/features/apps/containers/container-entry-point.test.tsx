// @vitest-environment happy-dom
/** Entry point: a line split by shell quoting into the list the body sends, errors by column, and a list view. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, TestForm, type TestFormApi } from './testing/form';

afterEach(cleanup);

function setup(): { form: () => TestFormApi } {
  let api: TestFormApi | undefined;
  render(<TestForm onForm={(f) => (api = f)} />);
  fireEvent.click(screen.getByRole('button', { name: /^Entry point/ }));
  return { form: () => api! };
}

const containerOf = (form: TestFormApi) => (bodyOf(form).containerTemplates as Record<string, unknown>[])[0]!;

describe('entry point', () => {
  it('is absent from the body until something is typed', () => {
    const { form } = setup();
    expect(containerOf(form())).not.toHaveProperty('entryPoint');
  });

  it('a command line is split by shell quoting; a broken one names its column and keeps the last good words', () => {
    const { form } = setup();
    const line = screen.getByLabelText('Command line');
    fireEvent.change(line, { target: { value: 'nginx -g "daemon off;"' } });
    expect(containerOf(form()).entryPoint).toEqual({ commandArray: ['nginx', '-g', 'daemon off;'] });
    fireEvent.change(line, { target: { value: "sh -c 'echo" } });
    expect(line.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Column 7: this single quote is never closed');
    expect(document.body.textContent).toContain("Until then the command stays nginx -g 'daemon off;'.");
    expect(containerOf(form()).entryPoint).toEqual({ commandArray: ['nginx', '-g', 'daemon off;'] });
  });

  it('the list view edits the same words, and the line shows them quoted again', () => {
    const { form } = setup();
    fireEvent.change(screen.getByLabelText('Arguments line'), { target: { value: '--port 8080' } });
    fireEvent.click(screen.getAllByRole('radio', { name: 'List' })[1]!);
    fireEvent.change(screen.getByLabelText('Argument 2'), { target: { value: '80 80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add argument' }));
    fireEvent.change(screen.getByLabelText('Argument 3'), { target: { value: '-v' } });
    expect(containerOf(form()).entryPoint).toEqual({ argumentsArray: ['--port', '80 80', '-v'] });
    fireEvent.click(screen.getAllByRole('radio', { name: 'One line' })[1]!);
    expect((screen.getByLabelText('Arguments line') as HTMLInputElement).value).toBe("--port '80 80' -v");
    fireEvent.change(screen.getByLabelText('Arguments line'), { target: { value: '' } });
    expect(containerOf(form())).not.toHaveProperty('entryPoint');
  });

  it('keeps a line as typed, and shows words set from outside the editor', () => {
    const { form } = setup();
    const line = screen.getByLabelText('Command line') as HTMLInputElement;
    fireEvent.change(line, { target: { value: 'node   "server.js"' } });
    expect(line.value).toBe('node   "server.js"');
    act(() => form().setValue('containerTemplates.0.entryPoint', { commandArray: ['python', '-m', 'http.server'] }));
    expect(line.value).toBe('python -m http.server');
  });
});
