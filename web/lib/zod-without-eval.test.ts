import { describe, expect, it } from 'vitest';
import './zod-without-eval.ts';
import { z } from 'zod';

describe('zod-without-eval', () => {
  it('turns on jitless in the config zod reads, without importing zod itself', () => {
    expect(z.config().jitless).toBe(true);
  });
});
