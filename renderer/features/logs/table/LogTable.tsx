/** The logs table (being built: this placeholder only counts the rows until the table lands). */
import type { LogTableProps } from '../view-types';

export function LogTable({ total }: LogTableProps) {
  return <p data-testid="log-table-placeholder">{total} rows</p>;
}
