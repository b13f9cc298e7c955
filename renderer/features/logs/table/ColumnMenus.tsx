/**
 * The table's column menus: "Columns" shows and hides any column; each header's own menu sorts by it, moves it
 * left or right and hides it. Both are radix menus, so every action is reachable from the keyboard.
 */
import { Check, ChevronDown, Columns3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { memo } from 'react';
import type { LogSort } from '../../../../shared/contract/logs';
import { COLUMNS, columnDef, DEFAULT_COLUMNS, moveColumn, setShown, visibleColumns, type ColumnId, type ColumnState } from './columns';

interface ColumnsMenuProps {
  readonly state: ColumnState;
  onChange(next: ColumnState): void;
}

/** Shows or hides columns; "Reset columns" brings back the default set, order and widths. Memoised: scrolling leaves it alone. */
export const ColumnsMenu = memo(function ColumnsMenu({ state, onChange }: ColumnsMenuProps) {
  const shown = visibleColumns(state);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="log-columns-button">
          <Columns3 size={14} aria-hidden /> Columns
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="log-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="log-menu-label">Show columns</DropdownMenu.Label>
          {COLUMNS.map((c) => {
            const on = shown.includes(c.id);
            return (
              <DropdownMenu.CheckboxItem
                key={c.id}
                className="log-menu-item"
                checked={on}
                // The last shown column cannot go: a table without columns shows nothing to bring them back from.
                disabled={on && shown.length === 1}
                onCheckedChange={(v) => onChange(setShown(state, c.id, v === true))}
                onSelect={(e) => e.preventDefault()}
              >
                <DropdownMenu.ItemIndicator className="log-menu-check">
                  <Check size={12} aria-hidden />
                </DropdownMenu.ItemIndicator>
                {c.label}
              </DropdownMenu.CheckboxItem>
            );
          })}
          <DropdownMenu.Separator className="log-menu-separator" />
          <DropdownMenu.Item className="log-menu-item" onSelect={() => onChange(DEFAULT_COLUMNS)}>
            Reset columns
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
});

interface HeaderMenuProps {
  readonly id: ColumnId;
  readonly state: ColumnState;
  onChange(next: ColumnState): void;
  readonly sort: LogSort;
  onSort(sort: LogSort): void;
}

/** One column's menu: sort either way (when the core can sort by it), move left or right, hide. */
export function HeaderMenu({ id, state, onChange, sort, onSort }: HeaderMenuProps) {
  const def = columnDef(id);
  const shown = visibleColumns(state);
  const at = shown.indexOf(id);
  const sortKey = def.sortKey;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="log-header-menu" aria-label={`${def.label} column options`}>
          <ChevronDown size={12} aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="log-menu" align="start" sideOffset={4}>
          {sortKey !== undefined && (
            <>
              <DropdownMenu.Item className="log-menu-item" disabled={sort.key === sortKey && sort.dir === 'asc'} onSelect={() => onSort({ key: sortKey, dir: 'asc' })}>
                Sort ascending
              </DropdownMenu.Item>
              <DropdownMenu.Item className="log-menu-item" disabled={sort.key === sortKey && sort.dir === 'desc'} onSelect={() => onSort({ key: sortKey, dir: 'desc' })}>
                Sort descending
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="log-menu-separator" />
            </>
          )}
          <DropdownMenu.Item className="log-menu-item" disabled={at <= 0} onSelect={() => onChange(moveColumn(state, id, -1))}>
            Move left
          </DropdownMenu.Item>
          <DropdownMenu.Item className="log-menu-item" disabled={at < 0 || at >= shown.length - 1} onSelect={() => onChange(moveColumn(state, id, 1))}>
            Move right
          </DropdownMenu.Item>
          <DropdownMenu.Item className="log-menu-item" disabled={shown.length <= 1} onSelect={() => onChange(setShown(state, id, false))}>
            Hide column
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
