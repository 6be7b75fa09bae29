import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

describe('secretBox (AES-256-GCM)', () => {
  const box = secretBox(randomBytes(32));

  it('opens what it sealed, for the same row only', () => {
    const sealed = box.seal('acme-admin-secret', 'secret:row-1');
    expect(sealed).not.toContain('acme-admin-secret');
    expect(box.open(sealed, 'secret:row-1')).toBe('acme-admin-secret');
    expect(() => box.open(sealed, 'secret:row-2')).toThrow();
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('value', 'bind');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => box.open(parts.join('.'), 'bind')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'bind')).toThrow();
  });

  it('never seals the same value the same way twice', () => {
    expect(box.seal('value', 'bind')).not.toBe(box.seal('value', 'bind'));
  });
});
