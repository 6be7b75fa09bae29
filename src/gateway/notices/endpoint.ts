// Where notices go (ATTEST_NOTICE_URL), apart from how the gateway sends to it: a relay
// behind Basic auth is named with its credentials in the URL (`https://user:password@host/…`),
// which fetch refuses to send to and which no screen or log may show. They travel as an
// Authorization header; the console shows the origin only, and any text an attempt's
// failure carries is scrubbed of the path and the credentials alike.

export interface NoticeEndpoint {
  /** The URL POSTed to, without credentials. */
  url: string;
  /** `scheme://host[:port]`: all the console and the attempts' errors ever name. */
  origin: string;
  /** `Basic …` when the URL named a user. */
  authorization: string | undefined;
  /** `text` with the URL (and its path, and its password) put as its origin. */
  scrub: (text: string) => string;
}

/** Why ATTEST_NOTICE_URL's credentials cannot be sent, or nothing: start-up refuses them. */
export function credentialsProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const { username, password } = new URL(value);
  if (password && !username) return 'must name a user before its password (user:password@)';
  try {
    decodeURIComponent(username);
    decodeURIComponent(password);
  } catch {
    return 'has a user or password that is not valid percent-encoding (write % as %25)';
  }
  return undefined;
}

export function noticeEndpoint(value: string): NoticeEndpoint {
  const parsed = new URL(value);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const url = parsed.href;
  // The longest first: a path inside the whole URL goes with it. A password shows only
  // inside the URL; it is looked for alone too when it is long enough not to be a word.
  const hidden: [string, string][] = [
    [value, parsed.origin],
    [url, parsed.origin],
    [parsed.pathname.length > 1 ? parsed.pathname : '', ''],
    [password.length >= 6 ? password : '', '***'],
  ];
  const replacements = hidden
    .filter(([secret]) => secret.length > 0)
    .sort(([a], [b]) => b.length - a.length);
  return {
    url,
    origin: parsed.origin,
    authorization: user
      ? `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`
      : undefined,
    scrub: (text) => replacements.reduce((out, [secret, by]) => out.replaceAll(secret, by), text),
  };
}
