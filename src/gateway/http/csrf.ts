import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors.ts';
import type { HostAllowList } from './host-allow-list.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-attest';

/**
 * CSRF defence for state-changing requests (docs/design.md): a custom header, which a cross-site
 * form cannot send and a cross-site fetch cannot send without a CORS preflight we never
 * answer, and an Origin that is one of the console's own (Sec-Fetch-Site when a browser
 * leaves Origin out). Not the request's own Host: under DNS rebinding that is the
 * attacker's name too (ADR 012). SameSite=Strict on the cookie is the third layer.
 */
export function requireSameOrigin(allowList: () => HostAllowList): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header(CSRF_HEADER) !== '1') {
      return errorResponse(c, 403, 'refused: state-changing requests must carry X-Attest: 1');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (!allowList().origins.has(origin)) {
        return errorResponse(c, 403, 'refused: the request comes from another origin');
      }
    } else if (c.req.header('sec-fetch-site') !== 'same-origin') {
      return errorResponse(c, 403, 'refused: the request does not say it is same-origin');
    }
    return next();
  };
}

/** True when the request carries a body (declared length, or chunked). */
export function hasBody(headers: Headers): boolean {
  const length = headers.get('content-length');
  if (length !== null) return length.trim() !== '0';
  return headers.has('transfer-encoding');
}

export function isJson(headers: Headers): boolean {
  const type = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * JSON endpoints take JSON only: form and text bodies are what a cross-site <form> or a
 * "simple" cross-site fetch can send without a preflight, so refusing them closes that door.
 */
export function requireJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const headers = c.req.raw.headers;
    // A declared type must be JSON even on an empty body (an empty cross-site form is one).
    if ((headers.has('content-type') || hasBody(headers)) && !isJson(headers)) {
      return errorResponse(c, 415, 'send the body as application/json');
    }
    return next();
  };
}
