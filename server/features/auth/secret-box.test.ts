import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('seals with AES-256-GCM under the key: a new nonce each time, opened only with that key', () => {
    const box = createSecretBox('ab'.repeat(32));
    const first = box.seal(secret);
    const second = box.seal(secret);
    expect(first).toMatch(/^v1:/);
    expect(first).not.toContain(secret);
    expect(first).not.toBe(second);
    expect(box.open(first)).toBe(secret);
    expect(() => createSecretBox('cd'.repeat(32)).open(first)).toThrow();
    expect(() => createSecretBox(undefined).open(first)).toThrow(/TWO_FACTOR_KEY/);
  });

  it('refuses a sealed value that was changed', () => {
    const box = createSecretBox('ab'.repeat(32));
    const [version, iv, tag, data] = box.seal(secret).split(':');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
  });

  it('keeps the value marked plain without a key, and still opens it once a key is set', () => {
    const stored = createSecretBox(undefined).seal(secret);
    expect(stored).toBe(`plain:${secret}`);
    expect(createSecretBox('ab'.repeat(32)).open(stored)).toBe(secret);
  });
});
