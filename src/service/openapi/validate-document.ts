/** Reading an OpenAPI 3.1 document as plain JSON: refs, media types. */
export type Json = Record<string, unknown>;

/** The declared media type that covers the actual one: exact, then `type/*`, then `*\/*`. */
export function matchMediaType(declared: string[], actual: string): string | undefined {
  const type = actual.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const lower = declared.map((d) => d.toLowerCase());
  const exact = lower.indexOf(type);
  if (exact >= 0) return declared[exact];
  const wildcard = lower.indexOf(`${type.split('/')[0]}/*`);
  if (wildcard >= 0) return declared[wildcard];
  return declared[lower.indexOf('*/*')];
}

export function isJson(mediaType: string): boolean {
  return /^application\/([\w.-]+\+)?json$/i.test(mediaType.split(';', 1)[0]?.trim() ?? '');
}

/** Follows a local `$ref` (`#/components/responses/X`) to the object and its pointer. */
export function resolve(
  doc: Json,
  value: unknown,
  pointer: string[],
): [Json | undefined, string[]] {
  let current = asObject(value);
  let at = pointer;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return [undefined, at];
    at = ref
      .slice(2)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
    current = asObject(at.reduce<unknown>((node, key) => asObject(node)?.[key], doc));
  }
  return [current, at];
}

export function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : undefined;
}
