import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface DataTableColumn<Row> {
  /** Unique among the table's columns: the React key of its cells. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts line up at the end so their digits stack. */
  align?: 'start' | 'end';
  /** The column that names its row is a row header, so screen readers announce it with every other cell. */
  rowHeader?: boolean;
  /** Classes of this column's cells. */
  className?: string;
}

interface DataTableProps<Row> {
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string | number;
  /** Data attributes of a row (test ids, the field a row shows). */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /**
   * 'boxed': a full list of its own, in a bordered region that scrolls sideways on phones (keyboard-focusable, named by `label`),
   * with a shaded header. 'plain': a small table inside a card, its rows divided by lines.
   */
  variant?: 'boxed' | 'plain';
  /** The accessible name of a boxed table's scrolling region, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** A caption read by screen readers only. */
  caption?: string;
  /** Classes of the table, e.g. its least width before it scrolls. */
  className?: string;
  testId?: string;
}

/** The kit's data table: column headers with scope, optional row headers, start-aligned text and end-aligned numbers in both directions. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowAttributes,
  variant = 'boxed',
  label,
  labelledBy,
  caption,
  className,
  testId,
}: DataTableProps<Row>) {
  const boxed = variant === 'boxed';
  const align = (column: DataTableColumn<Row>) => (column.align === 'end' ? 'text-end' : 'text-start');
  const table = (
    <table className={cn('w-full text-sm', className)} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead
        className={
          boxed ? 'bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300' : 'text-xs text-slate-500 dark:text-slate-400'
        }
      >
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={cn('font-medium', boxed ? 'px-3 py-2' : 'pe-3 pb-2 last:pe-0', align(column))}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={boxed ? 'divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-950' : undefined}>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={cn('align-top text-slate-800 dark:text-slate-200', !boxed && 'border-t border-slate-100 dark:border-slate-800')}
            {...rowAttributes?.(row)}
          >
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={column.id}
                  scope={column.rowHeader ? 'row' : undefined}
                  className={cn(boxed ? 'px-3 py-2' : 'py-2 pe-3 last:pe-0', 'font-normal', align(column), column.className)}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  // `relative`: the box is the containing block of what is positioned inside (a header's sr-only label),
  // so a wide table's far column scrolls inside the box instead of widening the page (issue 41).
  return boxed ? (
    <div
      className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800"
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {table}
    </div>
  ) : (
    <div className="relative overflow-x-auto">{table}</div>
  );
}
