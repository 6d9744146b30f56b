import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../../../core/contracts/search.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import ResultsPage from './results-page.tsx';

// No results: the page's own words are what is checked, the search answers only the place's name.
const answer = (locationName: string): SearchResponse => ({
  results: [],
  total: 0,
  totalIsCapped: false,
  page: 1,
  pageSize: 12,
  pageCount: 0,
  locationName,
});

describe('ResultsPage Location field', () => {
  // The whole page renders: its first render in jsdom takes seconds, hence the timeouts.
  // jsdom has no media queries nor ResizeObserver: a desktop-wide window that never resizes.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });

  it("names the searched place in the page's language (issue 41, item 5)", { timeout: 30_000 }, async () => {
    const fetchStub = stubApi({ '/api/search': answer('חיפה') });
    renderPage(<ResultsPage />, { path: '/he/results?type=hotel&location=Haifa' });
    const field = await screen.findByTestId<HTMLInputElement>('filter-location-input');
    await waitFor(() => expect(field.value).toBe('חיפה'));
    // The search's own call (the page also asks who is signed in, for "Save this search").
    expect(fetchStub.mock.calls.map((call) => String(call[0])).find((url) => url.includes('/api/search'))).toContain('lang=he');
  });

  it('in English too', { timeout: 30_000 }, async () => {
    stubApi({ '/api/search': answer('Haifa') });
    renderPage(<ResultsPage />, { path: '/results?type=hotel&location=haifa' });
    const field = await screen.findByTestId<HTMLInputElement>('filter-location-input');
    await waitFor(() => expect(field.value).toBe('Haifa'));
  });
});

describe('ResultsPage count of a search with words (decision 059)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });

  // A search with words counts to 200: the server says so with totalIsCapped, the page with "200+".
  const capped: SearchResponse = { ...answer('Haifa'), total: 200, totalIsCapped: true, pageCount: 17, locationName: null };

  it('says "200+" in English', { timeout: 30_000 }, async () => {
    stubApi({ '/api/search': capped });
    renderPage(<ResultsPage />, { path: '/results?type=rental&text=balcony' });
    expect(await screen.findByText(/Found 200\+ .* across Israel/)).toBeTruthy();
  });

  it('and in Hebrew', { timeout: 30_000 }, async () => {
    stubApi({ '/api/search': { ...capped } });
    renderPage(<ResultsPage />, { path: '/he/results?type=rental&text=%D7%9E%D7%A8%D7%A4%D7%A1%D7%AA' });
    expect(await screen.findByText(/נמצאו 200\+ .* ברחבי ישראל/)).toBeTruthy();
  });
});
