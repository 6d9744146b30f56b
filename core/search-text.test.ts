import { describe, expect, it } from 'vitest';
import { maxSearchTextWords, normalizeSearchText, prefixVariants, searchTextWords, wordQuery } from './search-text.ts';

describe('the searched words', () => {
  it('are lower case, without Hebrew points, signs between them', () => {
    expect(normalizeSearchText('Sea-View!  בְּתֵל־אביב, ת"א')).toBe('sea view בתל אביב ת א');
  });

  it('are distinct, two characters or more, at most eight', () => {
    expect(searchTextWords('a balcony, Balcony; sea')).toEqual(['balcony', 'sea']);
    expect(searchTextWords('w1 w2 w3 w4 w5 w6 w7 w8 w9 w10')).toHaveLength(maxSearchTextWords);
    expect(searchTextWords('  ')).toEqual([]);
  });

  it('match a Hebrew word without one or two one-letter prefixes, leaving two letters at least', () => {
    expect(prefixVariants('והמרפסת')).toEqual(['והמרפסת', 'המרפסת', 'מרפסת']);
    expect(prefixVariants('בים')).toEqual(['בים', 'ים']);
    expect(prefixVariants('ים')).toEqual(['ים']);
    expect(prefixVariants('balcony')).toEqual(['balcony']);
    expect(wordQuery('לים')).toBe("'לים' | 'ים'");
  });
});
