// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualList } from './virtual-list';

// happy-dom does no layout: give the scrolling list the sizes a browser would (its content's height is set inline).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('virtual-list') ? 200 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('virtual-list') ? 400 : 0;
  });
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('virtual-list') ? Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') : 0;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ITEMS = Array.from({ length: 1000 }, (_, i) => `GET /file-${i}.jpg`);

function renderList(onChoose = vi.fn()) {
  render(<VirtualList items={ITEMS} label="Requests" rowHeight={20} height={200} getKey={(s) => s} renderItem={(s) => s} onChoose={onChoose} />);
  return { list: screen.getByRole('listbox', { name: 'Requests' }), onChoose };
}

const activeOption = (list: HTMLElement) => document.getElementById(list.getAttribute('aria-activedescendant')!);

describe('VirtualList', () => {
  it('puts only the rows in view into the page, each saying where it sits in the whole', () => {
    const { list } = renderList();
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThanOrEqual(10);
    expect(options.length).toBeLessThan(40);
    expect(options[0]!.getAttribute('aria-setsize')).toBe('1000');
    expect(options[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(list.tabIndex).toBe(0);
  });

  it('moves the active row with the keyboard and chooses it with Enter', () => {
    const { list, onChoose } = renderList();
    expect(activeOption(list)?.textContent).toBe('GET /file-0.jpg');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(activeOption(list)?.textContent).toBe('GET /file-2.jpg');
    expect(activeOption(list)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('GET /file-1.jpg', 1);
  });

  it('End reaches the last row, which is drawn once scrolled to', () => {
    const { list, onChoose } = renderList();
    fireEvent.keyDown(list, { key: 'End' });
    // The list asked to scroll to its end; the browser then reports the scroll.
    fireEvent.scroll(list);
    expect(list.scrollTop).toBe(1000 * 20 - 200);
    expect(list.getAttribute('aria-activedescendant')).toMatch(/-option-999$/);
    expect(activeOption(list)?.getAttribute('aria-posinset')).toBe('1000');
    fireEvent.keyDown(list, { key: ' ' });
    expect(onChoose).toHaveBeenCalledWith('GET /file-999.jpg', 999);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(list.getAttribute('aria-activedescendant')).toMatch(/-option-0$/);
  });
});
