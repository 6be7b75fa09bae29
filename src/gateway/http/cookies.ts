import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * Over HTTPS the cookie is Secure and `__Host-` prefixed, so the browser refuses it from
 * any other host or path and never sends it over plain HTTP. Plain HTTP (127.0.0.1 during
 * development) cannot carry a Secure cookie, hence the unprefixed name there.
 */
export const SECURE_COOKIE = '__Host-attest_session';
export const PLAIN_COOKIE = 'attest_session';

export interface CookieOptions {
  secure: boolean;
  /** Seconds until the browser drops it; 0 clears it. */
  maxAge: number;
}

export function sessionCookie(value: string, { secure, maxAge }: CookieOptions): string {
  const parts = [
    `${secure ? SECURE_COOKIE : PLAIN_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.max(0, Math.floor(maxAge))}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Set-Cookie values that clear the session cookie under either name. */
export function clearSessionCookies(secure: boolean): string[] {
  const cleared = [sessionCookie('', { secure: false, maxAge: 0 })];
  if (secure) cleared.push(sessionCookie('', { secure: true, maxAge: 0 }));
  return cleared;
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SECURE_COOKIE) ?? getCookie(c, PLAIN_COOKIE);
}
