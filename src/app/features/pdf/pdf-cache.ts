// The next document's bytes, fetched while the reviewer reads the current one, so
// "approve and next" opens it from memory (issue 5: next page painted in under 150 ms).

/** Few entries: each holds a whole PDF, and only the next one or two are ever needed. */
const LIMIT = 3;

const entries = new Map<string, Promise<ArrayBuffer>>();

async function download(url: string): Promise<ArrayBuffer> {
  // Presigned URLs carry their own authority; the bucket's CORS is open and wants no cookies.
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`prefetch failed with ${response.status}`);
  return response.arrayBuffer();
}

/** Starts fetching `url` unless it is already cached; never throws, never rejects. */
export function prefetchPdf(url: string): void {
  if (entries.has(url)) return;
  const bytes = download(url);
  entries.set(url, bytes);
  // A failed prefetch is dropped: the preview then loads the URL itself and reports the error.
  bytes.catch(() => {
    if (entries.get(url) === bytes) entries.delete(url);
  });
  while (entries.size > LIMIT) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

/**
 * The prefetched bytes for `url`, removed from the cache: pdf.js transfers the buffer to its
 * worker, so it can be used once only. May reject; treat that as "not prefetched".
 */
export function takePrefetched(url: string): Promise<ArrayBuffer> | undefined {
  const bytes = entries.get(url);
  entries.delete(url);
  return bytes;
}
