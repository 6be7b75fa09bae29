import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// SSNs and EINs are kept encrypted (AES-256-GCM) and only their last four digits are ever
// returned. Decryption exists for completeness of the store and is used by no endpoint.

export function normaliseSsn(ssn: string): string {
  return ssn.replace(/-/g, '');
}

export function encryptSsn(key: Buffer, ssn: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(normaliseSsn(ssn), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSsn(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unreadable SSN ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

export function lastFour(ssn: string): string {
  return normaliseSsn(ssn).slice(-4);
}
