import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The key `npm start` and the tests use when QBO_TOKEN_KEY is not set. It is public: a deployment that connects real
 * QuickBooks companies sets its own QBO_TOKEN_KEY.
 */
export const DEV_TOKEN_KEY = 'stampline-dev-quickbooks-token-key';

/**
 * QuickBooks tokens at rest: AES-256-GCM with a key from the environment (QBO_TOKEN_KEY: 64 hex characters, or any
 * passphrase, which is hashed to 32 bytes). Each value gets its own random 12-byte nonce; the stored text is
 * `v1.{nonce}.{tag}.{ciphertext}` in base64url, and a value altered at rest fails to open.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = /^[0-9a-f]{64}$/i.test(secret)
      ? Buffer.from(secret, 'hex')
      : createHash('sha256').update(secret).digest();
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(stored: string): string {
    const [version, nonce, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !nonce || !tag || sealed === undefined)
      throw new Error('Not a sealed QuickBooks token');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
