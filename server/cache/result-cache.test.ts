import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from './result-cache.ts';

describe("the result cache's memory store", () => {
  afterEach(() => vi.useRealTimers());

  it('keeps what fits its budget, dropping the least recently used first', async () => {
    const store = memoryStore(60_000, 30); // characters of keys and values
    await store.set('a', '1234567'); // 8
    await store.set('b', '1234567'); // 16
    await store.set('c', '1234567'); // 24
    expect(await store.get('a')).toBe('1234567'); // a is now the most recently used
    await store.set('d', '1234567'); // 32: over, b goes
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('1234567');
    expect(await store.get('c')).toBe('1234567');
    expect(await store.get('d')).toBe('1234567');
    await store.set('e', 'x'.repeat(25)); // alone fills it: everything older goes
    expect([await store.get('a'), await store.get('c'), await store.get('d')]).toEqual([undefined, undefined, undefined]);
    expect(await store.get('e')).toHaveLength(25);
  });

  it('forgets entries when they expire and when told to', async () => {
    vi.useFakeTimers();
    const store = memoryStore(1000);
    await store.set('a', 'kept');
    vi.advanceTimersByTime(999);
    expect(await store.get('a')).toBe('kept');
    vi.advanceTimersByTime(1);
    expect(await store.get('a')).toBeUndefined();
    await store.set('b', 'kept');
    store.forget();
    expect(await store.get('b')).toBeUndefined();
  });
});
