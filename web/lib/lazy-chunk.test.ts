import { describe, expect, it } from 'vitest';
import { lazyChunk } from './lazy-chunk.ts';

describe('a lazy chunk', () => {
  it('is fetched once, and is there to render directly once it has arrived', async () => {
    let fetches = 0;
    const module = { default: 'the component' };
    const chunk = lazyChunk(() => {
      fetches += 1;
      return Promise.resolve(module);
    });
    expect(chunk.loaded()).toBeNull();
    expect(fetches).toBe(0);
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(await chunk.load()).toBe(module);
    expect(fetches).toBe(1);
    expect(chunk.loaded()).toBe(module);
  });
});
