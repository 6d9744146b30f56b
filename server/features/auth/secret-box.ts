import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals short secrets (authenticator-app secrets) with AES-256-GCM under TWO_FACTOR_KEY, so a copy of
 * the database alone does not yield codes. Without a key the value is kept as it is, marked 'plain:'
 * (development and tests; production should set the key, docs/deploy.md). A sealed value written
 * with a key opens only with that key.
 */
export interface SecretBox {
  seal(value: string): string;
  open(stored: string): string;
}

export function createSecretBox(hexKey: string | undefined): SecretBox {
  const key = hexKey ? Buffer.from(hexKey, 'hex') : null;
  return {
    seal(value) {
      if (!key) return `plain:${value}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
    },
    open(stored) {
      if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
      const [version, iv, tag, sealed] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown sealed secret format');
      if (!key) throw new Error('a sealed secret needs TWO_FACTOR_KEY to open');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
