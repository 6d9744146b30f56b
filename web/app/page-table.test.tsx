import { describe, expect, it } from 'vitest';
import { pageEntries } from './page-table.ts';
import { pageModulesOf } from './routes.tsx';

// Every module under web/, loaded only when a test asks for it.
const sources = import.meta.glob('../**/*.tsx');

describe('the page table', () => {
  it('names, for each page, the module its import loads (the chunk the server and the first-load script look up)', async () => {
    for (const { module, load } of pageEntries) {
      if (!module || !load) continue;
      const named = sources[`../${module}`];
      expect(named, `no module ${module}`).toBeDefined();
      expect(await load(), module).toBe(await named!());
    }
  }, 60_000);

  it('is what the router shows at each path, in both languages', () => {
    for (const entry of pageEntries) {
      const id = entry.paths[0] ?? entry.module;
      const modules = entry.module ? [entry.module] : entry.shows;
      for (const path of entry.paths) {
        const english = path === '*' ? '/no-such-page' : path.replace(':id?', '3').replace(':id', '3').replace(':slug', 'a-slug');
        expect(pageModulesOf(english), `${id} at ${english}`).toEqual(modules);
        expect(pageModulesOf(english === '/' ? '/he' : `/he${english}`), `${id} at /he${english}`).toEqual(modules);
      }
    }
  });
});
