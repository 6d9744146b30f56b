import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchX } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';
import { initI18n } from '../../i18n/index.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';
import { QueryStates } from './query-states.tsx';

initI18n('/', { en, he });
afterEach(cleanup);

type Query = Pick<UseQueryResult<string[]>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
const base: Query = { data: undefined, error: null, isError: false, isFetching: false, refetch: vi.fn() } as unknown as Query;

function renderStates(query: Partial<Query>) {
  return render(
    <QueryStates
      query={{ ...base, ...query } as Query}
      errorTitle="Could not load"
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState title="Nothing yet" />}
    >
      {(data) => (
        <ul aria-label="items">
          {data.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('shows loading while there is no data and no error', () => {
    renderStates({ isFetching: true });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shows the error with its title, and Try Again calls refetch', async () => {
    const refetch = vi.fn();
    renderStates({ isError: true, error: new Error('boom'), refetch } as Partial<Query>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows empty data as the empty state', () => {
    renderStates({ data: [] });
    expect(screen.getByRole('heading', { name: 'Nothing yet' })).toBeTruthy();
  });

  it('shows the content, and keeps it when a refetch fails', () => {
    renderStates({ data: ['Haifa'], isError: true, error: new Error('boom') });
    expect(screen.getByRole('list', { name: 'items' }).textContent).toBe('Haifa');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('states', () => {
  it('LoadingState announces its label and hides its skeletons in a busy region', () => {
    render(
      <LoadingState label="Loading your bookings..." testId="loading">
        <div data-testid="skeleton" />
      </LoadingState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading your bookings...');
    expect(screen.getByTestId('loading').getAttribute('aria-busy')).toBe('true');
  });

  it('ErrorState translates the reason and disables retry while retrying', () => {
    render(<ErrorState title="Failed" error={new ApiError(429, 'rate_limited', 'slow down')} onRetry={() => undefined} retrying />);
    expect(screen.getByRole('heading', { name: 'Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toContain('slow down');
    expect((screen.getByRole('button', { name: 'Try Again' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('EmptyState shows its title as the heading asked, its text and action', () => {
    render(<EmptyState icon={SearchX} titleAs="h1" title="Not found" text="Try another search" action={<a href="/results">Browse</a>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.getByText('Try another search')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse' })).toBeTruthy();
  });
});
