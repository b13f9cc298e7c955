// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { RowList } from './row-list';

afterEach(cleanup);

interface Values {
  ports: { number: string }[];
}

function PortsForm({ initial }: { readonly initial: string[] }) {
  const form = useForm<Values>({ defaultValues: { ports: initial.map((number) => ({ number })) } });
  return (
    <form>
      <RowList control={form.control} name="ports" noun="port" label="Ports" newRow={() => ({ number: '' })}>
        {(i) => <input aria-label={`Port ${i + 1} number`} {...form.register(`ports.${i}.number`)} />}
      </RowList>
    </form>
  );
}

const values = () => screen.queryAllByRole('textbox').map((i) => (i as HTMLInputElement).value);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('RowList', () => {
  it('names every row and its buttons; the ends cannot move further', () => {
    render(<PortsForm initial={['80', '443']} />);
    expect(screen.getByRole('group', { name: 'Port 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Port 2' })).toBeTruthy();
    expect(button('Move port 1 up').disabled).toBe(true);
    expect(button('Move port 2 down').disabled).toBe(true);
    expect(button('Move port 1 down').disabled).toBe(false);
  });

  it('moves a row and keeps focus on the moved row', () => {
    render(<PortsForm initial={['80', '443', '8080']} />);
    button('Move port 3 up').focus();
    fireEvent.click(button('Move port 3 up'));
    expect(values()).toEqual(['80', '8080', '443']);
    expect(document.activeElement).toBe(button('Move port 2 up'));
    fireEvent.click(button('Move port 2 up'));
    expect(values()).toEqual(['8080', '80', '443']);
    // At the top "up" is disabled: focus goes to the same row's "down".
    expect(document.activeElement).toBe(button('Move port 1 down'));
  });

  it('adds a row and focuses its first field', () => {
    render(<PortsForm initial={['80']} />);
    fireEvent.click(button('Add port'));
    expect(values()).toEqual(['80', '']);
    expect(document.activeElement).toBe(screen.getByLabelText('Port 2 number'));
  });

  it('removes rows; focus goes to the next row, then to Add', () => {
    render(<PortsForm initial={['80', '443']} />);
    fireEvent.click(button('Remove port 1'));
    expect(values()).toEqual(['443']);
    expect(document.activeElement).toBe(button('Remove port 1'));
    fireEvent.click(button('Remove port 1'));
    expect(values()).toEqual([]);
    expect(screen.getByText('No ports yet.')).toBeTruthy();
    expect(document.activeElement).toBe(button('Add port'));
  });
});
