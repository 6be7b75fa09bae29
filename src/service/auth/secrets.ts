import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  secret: string,
  salt: Buffer,
  length: number,
  options: { N: number },
) => Promise<Buffer>;

// Client secrets are stored as scrypt hashes, never in the clear: a copy of the database
// does not hand out working credentials.
const N = 16384;
const KEY_LENGTH = 32;

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(secret, salt, KEY_LENGTH, { N });
  return `scrypt$${N}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

// Off the event loop (libuv's thread pool): a burst of token requests must not stall the API.
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
  });
  return timingSafeEqual(actual, expected);
}

// Checked against when the client id is unknown, so a wrong id costs what a wrong secret
// does and response times do not tell which client ids exist.
export const DUMMY_HASH = hashSecret(randomBytes(16).toString('hex'));
