import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from '../../contract/zod.ts';
import type { Sql } from '../db/sql.ts';

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

/**
 * The key given (ATTEST_SESSION_KEY), else the one in `<dataDir>/gateway-keys.json` (created
 * mode 0600), or one in memory for null.
 */
export function loadSecretBox(dataDir: string | null, key?: Buffer): SecretBox {
  return secretBox(key ?? (dataDir ? loadKey(dataDir) : randomBytes(32)));
}

const KEY_CHECK = 'session-key-check';

/**
 * Processes sharing a database must seal with one key. The first to start records a sealed
 * known value; a process whose key cannot open it refuses to start, rather than serve
 * sessions none of the others can use.
 */
export async function checkSessionKey(sql: Sql, box: SecretBox): Promise<void> {
  await sql.run('INSERT INTO gateway_meta (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING', [
    KEY_CHECK,
    box.seal(KEY_CHECK, KEY_CHECK),
  ]);
  const row = await sql.get<{ value: string }>('SELECT value FROM gateway_meta WHERE name = ?', [
    KEY_CHECK,
  ]);
  try {
    if (row && box.open(row.value, KEY_CHECK) === KEY_CHECK) return;
  } catch {
    // Another key: said below.
  }
  throw new Error(
    'this gateway seals sessions with another key than the processes already using this ' +
      'database: give every process the same ATTEST_SESSION_KEY (32 random bytes, base64)',
  );
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

export function secretBox(raw: Buffer): SecretBox {
  // One key object for every call: a raw key is made into one again on each, and the
  // session's token is opened on every upstream call (it showed in a busy gateway's profile).
  const key = createSecretKey(raw);
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
