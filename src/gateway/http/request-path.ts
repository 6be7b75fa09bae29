// One reading of a request's path (ADR 027). The gateway's rules (the /api prefixes,
// the sandbox info block, which PATCH decides a QC request and whose hold stands in its
// way, the /team ids) look at the path; the upstream decodes it before it routes. Were the
// two to read it differently, `%69nfo` or `%33…` would pass a rule meant for `info` or the
// id `3…`. So the path is read once, before any rule sees it, and the upstream is sent that
// very path.

/** RFC 3986 §2.3: an encoding of these means the character itself (§6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

export type PathReading = { ok: true; pathname: string } | { ok: false; message: string };

/**
 * `pathname` as the URL parser left it (dot segments, `%2e` forms included, already
 * resolved), with every encoded unreserved character decoded and every other encoding in
 * upper case. Refused: a `%` that encodes nothing, an encoded `/` or `\` (a segment
 * boundary to one reader and none to another) and an encoded control character.
 */
export function readPath(pathname: string): PathReading {
  let out = '';
  for (let i = 0; i < pathname.length; i++) {
    const char = pathname[i];
    if (char !== '%') {
      out += char;
      continue;
    }
    const hex = pathname.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
      return { ok: false, message: 'the path has a % that is not followed by two hex digits' };
    }
    const code = Number.parseInt(hex, 16);
    const decoded = String.fromCharCode(code);
    if (decoded === '/' || decoded === '\\') {
      return { ok: false, message: 'the path has an encoded / or \\ (%2F, %5C)' };
    }
    if (code < 0x20 || code === 0x7f) {
      return { ok: false, message: 'the path has an encoded control character' };
    }
    out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
    i += 2;
  }
  // The URL parser resolved every dot segment before the decoding; none can appear after it,
  // since a decoded `%2e` is already gone. Kept as a guard should that ever change.
  if (out.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { ok: false, message: 'the path has a dot segment' };
  }
  return { ok: true, pathname: out };
}

/**
 * `request` at its one reading: the same request when its path reads as it came (nearly
 * always: no `%` in it), else a copy at the read path, carrying the same body and cancel
 * signal; or the reason it is refused.
 */
export function atOneReading(request: Request): Request | { refused: string } {
  // Every request passes here: one with no `%` anywhere is not parsed at all.
  if (!request.url.includes('%')) return request;
  const url = new URL(request.url);
  if (!url.pathname.includes('%')) return request;
  const reading = readPath(url.pathname);
  if (!reading.ok) return { refused: reading.message };
  if (reading.pathname === url.pathname) return request;
  url.pathname = reading.pathname;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    redirect: request.redirect,
    ...(hasBody && request.body && { duplex: 'half' }),
  });
}
