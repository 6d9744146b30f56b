import { describe, expect, it } from 'vitest';
import { areaOffsetMetres, areaRadiusMetres, bboxProblem, circleRing, formatBbox, metresInDegrees, parseBboxParam } from './map-area.ts';
import { parseResultsFilters, resultsFiltersToParams } from './search-params.ts';

describe('map boxes', () => {
  it('reads west,south,east,north and refuses boxes that are inside out or off the globe', () => {
    expect(parseBboxParam('34.7,32.0,34.9,32.2')).toEqual({ west: 34.7, south: 32, east: 34.9, north: 32.2 });
    for (const bad of ['34.9,32,34.7,32.2', '34.7,32.2,34.9,32', '1,2,3', 'a,b,c,d', '-200,1,2,3', '1,-95,2,3', '', null]) {
      expect(parseBboxParam(bad), String(bad)).toBeUndefined();
    }
    expect(bboxProblem({ west: 1, south: 2, east: 1, north: 3 })).toMatch(/west/);
  });

  it('writes a box rounded outwards to five decimals, the same box every time', () => {
    const written = formatBbox({ west: 34.123456, south: 32.000001, east: 34.9, north: 32.2000001 });
    expect(written).toBe('34.12345,32,34.9,32.20001');
    expect(formatBbox(parseBboxParam(written)!)).toBe(written);
    expect(formatBbox(parseBboxParam('34.12345,31.99999,35.00001,32.12345')!)).toBe('34.12345,31.99999,35.00001,32.12345');
  });

  it('keeps a box in a results URL, dropping a bad one', () => {
    const filters = parseResultsFilters(new URLSearchParams('type=hotels&bbox=34.7,32,34.9,32.2'));
    expect(filters.bbox).toBe('34.7,32,34.9,32.2');
    expect(resultsFiltersToParams(filters).get('bbox')).toBe('34.7,32,34.9,32.2');
    expect(parseResultsFilters(new URLSearchParams('type=hotels&bbox=nonsense')).bbox).toBeUndefined();
  });
});

describe('the approximate area', () => {
  it('draws a circle that always holds the pin: its radius is past the largest offset', () => {
    expect(areaRadiusMetres).toBeGreaterThan(areaOffsetMetres.max);
    const ring = circleRing({ latitude: 32, longitude: 34.8 }, 500, 16);
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring[16]);
    const span = metresInDegrees(500, 32);
    expect(ring[0]![1]).toBeCloseTo(32 + span.latitude, 9);
    expect(ring[4]![0]).toBeCloseTo(34.8 + span.longitude, 9);
  });
});
