import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

afterEach(cleanup);

interface Month {
  month: string;
  stays: number;
}

const columns: DataTableColumn<Month>[] = [
  { id: 'month', header: 'Month', cell: (row) => row.month, rowHeader: true },
  { id: 'stays', header: 'Stays', cell: (row) => row.stays, align: 'end', className: 'tabular-nums' },
];
const rows: Month[] = [
  { month: 'May', stays: 3 },
  { month: 'June', stays: 12 },
];

describe('DataTable', () => {
  it('renders column headers with scope, row headers for the naming column and a cell per column', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(row) => row.month} label="Earnings" testId="table" />);
    const table = screen.getByTestId('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Month', 'Stays']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getByRole('rowheader', { name: 'June' }).getAttribute('scope')).toBe('row');
    const june = within(table).getAllByRole('row')[2]!;
    expect(within(june).getByRole('cell').textContent).toBe('12');
    expect(within(june).getByRole('cell').className).toContain('text-end');
    expect(within(june).getByRole('cell').className).toContain('tabular-nums');
  });

  it('puts a boxed table in a named, focusable region that scrolls sideways', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(row) => row.month} label="Earnings" caption="Two months" />);
    const region = screen.getByRole('region', { name: 'Earnings' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Two months' })).toBeTruthy();
  });

  it('names the region by a heading, and gives rows their data attributes', () => {
    render(
      <>
        <h2 id="heading">Latest</h2>
        <DataTable
          variant="plain"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.month}
          rowAttributes={(row) => ({ 'data-testid': 'month-row', 'data-month': row.month })}
        />
      </>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getAllByTestId('month-row').map((row) => row.dataset.month)).toEqual(['May', 'June']);
    cleanup();
    render(
      <>
        <h2 id="heading">Latest</h2>
        <DataTable columns={columns} rows={rows} rowKey={(row) => row.month} labelledBy="heading" />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Latest' })).toBeTruthy();
  });
});
