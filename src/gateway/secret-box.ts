import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from '../contract/zod.ts';

/**
 * Seals the secrets a session keeps at rest (the client secret, so the token can be
 * refreshed, and the token itself) with AES-256-GCM. The additional data binds a sealed
 * value to its row, so ciphertext moved between sessions does not open.
 */
export interface SecretBox {
  seal(plain: string, bind: string): string;
  /** Throws when the value was tampered with, sealed for another row, or with another key. */
  open(sealed: string, bind: string): string;
}

const KeyFileSchema = z.object({ sessionKey: z.base64() });
const KEY_FILE = 'gateway-keys.json';

/** The key from `<dataDir>/gateway-keys.json` (created mode 0600), or in memory for null. */
export function loadSecretBox(dataDir: string | null): SecretBox {
  return secretBox(dataDir ? loadKey(dataDir) : randomBytes(32));
}

function loadKey(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  if (existsSync(path)) {
    const file = KeyFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    const key = Buffer.from(file.sessionKey, 'base64');
    if (key.length !== 32) throw new Error(`${path}: sessionKey must be 32 bytes`);
    return key;
  }
  const key = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  // 'wx': never overwrite a key another process wrote meanwhile (its sessions would die).
  writeFileSync(path, JSON.stringify({ sessionKey: key.toString('base64') }, null, 2), {
    mode: 0o600,
    flag: 'wx',
  });
  chmodSync(path, 0o600);
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain, bind) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(bind, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    open(sealed, bind) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(bind, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
