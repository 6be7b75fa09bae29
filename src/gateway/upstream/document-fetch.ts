import type { GatewayContext } from '../context.ts';

// A QC request's document, fetched by the gateway itself from where the service says it is
// (its `fileUrl`, a presigned URL): the first page's image (ADR 025) and the page boxes that
// marks are checked against (ADR 029). Only from an origin the CSP allows, and bounded in
// size and time (ADR 028).

export type DocumentFailure = 'origin' | 'unavailable' | 'too-large';

/** Why a document could not be had: the caller words it for its own answer. */
export class DocumentUnavailable extends Error {
  readonly kind: DocumentFailure;
  constructor(kind: DocumentFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

/** Presigned URLs live on a service or on the storage the deployment names: the CSP's list. */
export function documentOrigins(ctx: Pick<GatewayContext, 'targets' | 'storageOrigins'>) {
  return new Set([
    ...Object.values(ctx.targets).flatMap((t) => (t ? [new URL(t.base).origin] : [])),
    ...ctx.storageOrigins,
  ]);
}

/** The response's body, refused past `limit` bytes. */
async function readLimited(response: Response, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new DocumentUnavailable('too-large', 'the document is too large');
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The bytes at `fileUrl` (relative URLs are refused: they name no allowed origin). */
export async function fetchDocument(
  ctx: Pick<GatewayContext, 'targets' | 'storageOrigins' | 'fetch'>,
  fileUrl: string,
  { limit, timeoutMs }: { limit: number; timeoutMs: number },
): Promise<Uint8Array> {
  const url = new URL(fileUrl, 'http://invalid');
  if (!documentOrigins(ctx).has(url.origin)) {
    throw new DocumentUnavailable('origin', 'the document is not on an allowed origin');
  }
  const unavailable = (cause?: unknown) =>
    new DocumentUnavailable('unavailable', 'the document could not be fetched', { cause });
  try {
    const response = await ctx.fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable();
    }
    return await readLimited(response, limit);
  } catch (error) {
    // A refused connection, a timeout mid-body: the storage's failure, not the caller's.
    throw error instanceof DocumentUnavailable ? error : unavailable(error);
  }
}
