import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts what the database keeps but must not be able to read alone (authenticator secrets). */
export type SecretBox = {
  seal(plain: string): string;
  /** The text, or null when it was sealed with another key or altered. */
  open(sealed: string): string | null;
};

const VERSION = 'v1';

/**
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the signing key, which never lives in the
 * database: a copy of the database alone reveals no secret. Sealed as `v1.iv.tag.ciphertext`.
 */
export function createSecretBox(signingKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', signingKey, 'community-platform', 'second-factor secrets', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
