// No zod here: the page's first script (src/app/first-visit/first-screen.ts) builds URLs with it
// before the libraries arrive.

/** undefined is left out; an array repeats the name (`a=1&a=2`). */
export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.append(name, String(value));
    } else {
      for (const item of value) params.append(name, item);
    }
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}
