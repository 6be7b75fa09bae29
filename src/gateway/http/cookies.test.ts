import { describe, expect, it } from 'vitest';
import { clearSessionCookies, sessionCookie } from './cookies.ts';

describe('the session cookie', () => {
  it('over HTTPS: __Host- prefixed, Secure, HttpOnly, SameSite=Strict, Path=/', () => {
    const cookie = sessionCookie('abc', { secure: true, maxAge: 86_400 });
    const [pair, ...attributes] = cookie.split('; ');
    expect(pair).toBe('__Host-attest_session=abc');
    expect(attributes.sort()).toEqual(
      ['HttpOnly', 'Max-Age=86400', 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
    // __Host- cookies must not name a Domain, or browsers drop them.
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('over plain HTTP: no prefix and no Secure (a browser would drop it), else the same', () => {
    const cookie = sessionCookie('abc', { secure: false, maxAge: 10.7 });
    expect(cookie).toBe('attest_session=abc; Path=/; HttpOnly; SameSite=Strict; Max-Age=10');
  });

  it('clears both names over HTTPS, the plain one over HTTP', () => {
    expect(clearSessionCookies(true)).toEqual([
      'attest_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0',
      '__Host-attest_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure',
    ]);
    expect(clearSessionCookies(false)).toHaveLength(1);
  });
});
