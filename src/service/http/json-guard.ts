// Two things a JSON body can carry that the store would not keep as accepted, refused up
// front (400) so that what is accepted is exactly what is stored and returned:
// - a "__proto__" key: JSON.parse keeps it as an ordinary property, but zod drops it from a
//   record's output without an issue, so a metadata key "__proto__" would vanish;
// - a lone UTF-16 surrogate ("\ud800" is valid JSON): SQLite stores UTF-8, so it would come
//   back as U+FFFD.

type Problem = { path: string[]; message: string };

/** No body of the interface nests deeper than this; deeper is refused, never recursed into. */
export const MAX_JSON_DEPTH = 32;

/** The first problem in a parsed JSON value, walked without recursion (no stack to overflow). */
export function findProblem(root: unknown): Problem | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (!value.isWellFormed()) {
        return { path, message: 'strings must be well-formed Unicode (no lone surrogates)' };
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_JSON_DEPTH) {
      return { path, message: `the body nests deeper than ${MAX_JSON_DEPTH} levels` };
    }
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, key];
      if (key === '__proto__') return { path: at, message: '"__proto__" is not accepted as a key' };
      if (!key.isWellFormed()) {
        return { path: at, message: 'keys must be well-formed Unicode (no lone surrogates)' };
      }
      stack.push({ value: child, path: at });
    }
  }
  return undefined;
}
