import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM for the few secrets kept at rest (the sellers' Mercado Pago tokens, the PKCE verifiers). The key is
// derived from SECRET_KEY with HKDF, so the variable may be any long random string. Each value is bound to its
// owner (the additional authenticated data): a ciphertext copied to another row does not decrypt.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretBox = {
  seal(plaintext: string, owner: string): string;
  /** Throws when the value was not sealed with this key for this owner, or was altered. */
  open(sealed: string, owner: string): string;
};

export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'ecoanuncios', 'secrets-at-rest/v1', 32));

  return {
    seal(plaintext, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const packed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
      return `${VERSION}:${packed}`;
    },
    open(sealed, owner) {
      const [version, packed] = sealed.split(':');
      if (version !== VERSION || packed === undefined) throw new Error('Unknown sealed value format');
      const bytes = Buffer.from(packed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
