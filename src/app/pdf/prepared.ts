/**
 * A few values made ahead of need, by key: each is handed over once (its new owner disposes
 * of it), and one pushed out by a newer one is disposed of here. Used for the next PDFs of a
 * review, opened while the reviewer reads the current one.
 */
export function preparedCache<T>(
  make: (key: string) => T,
  dispose: (value: T) => void,
  limit: number,
) {
  const entries = new Map<string, T>();
  return {
    prepare(key: string): void {
      if (entries.has(key)) return;
      entries.set(key, make(key));
      for (const [oldest, value] of entries) {
        if (entries.size <= limit) break;
        entries.delete(oldest);
        dispose(value);
      }
    },
    take(key: string): T | undefined {
      const value = entries.get(key);
      entries.delete(key);
      return value;
    },
  };
}
