// Two things a JSON body can carry that the store would not keep as accepted, refused up
// front (400) so that what is accepted is exactly what is stored and returned:
// - a "__proto__" key: JSON.parse keeps it as an ordinary property, but zod drops it from a
//   record's output without an issue, so a metadata key "__proto__" would vanish;
// - a lone UTF-16 surrogate ("\ud800" is valid JSON): SQLite stores UTF-8, so it would come
//   back as U+FFFD.

type Problem = { path: string[]; message: string };

export function findProblem(value: unknown, path: string[] = []): Problem | undefined {
  if (typeof value === 'string') {
    return value.isWellFormed()
      ? undefined
      : { path, message: 'strings must be well-formed Unicode (no lone surrogates)' };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (key === '__proto__') return { path: at, message: '"__proto__" is not accepted as a key' };
    if (!key.isWellFormed()) {
      return { path: at, message: 'keys must be well-formed Unicode (no lone surrogates)' };
    }
    const found = findProblem(child, at);
    if (found) return found;
  }
  return undefined;
}
