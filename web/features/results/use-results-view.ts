import { useCallback, useEffect, useState } from 'react';

export type ResultsView = 'list' | 'map';

const storageKey = 'lina.resultsView';

/**
 * List or map, kept for the visit (sessionStorage) rather than in the URL: the URL is the search,
 * shared and cached as one, and the view does not change what it finds. Server-rendered pages start
 * with the list, which every visitor and crawler gets first.
 */
export function useResultsView(): [ResultsView, (view: ResultsView) => void] {
  const [view, setViewState] = useState<ResultsView>('list');
  useEffect(() => {
    try {
      if (sessionStorage.getItem(storageKey) === 'map') setViewState('map');
    } catch {
      // Storage may be unavailable (private mode): the list it is.
    }
  }, []);
  const setView = useCallback((next: ResultsView) => {
    setViewState(next);
    try {
      sessionStorage.setItem(storageKey, next);
    } catch {
      // The choice still holds on this page.
    }
  }, []);
  return [view, setView];
}
