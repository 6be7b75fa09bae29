import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { ClientGone, UploadRefusal } from './upload-refusal.ts';

/**
 * The request body as a Node stream, unread. On @hono/node-server this is the IncomingMessage
 * itself: a refusal can stop reading it and still answer, and the server then drains what is
 * left (for a bounded time) before it closes the connection.
 */
export function requestBody(c: Context): Readable {
  const env: unknown = c.env;
  if (typeof env === 'object' && env !== null && 'incoming' in env) {
    if (env.incoming instanceof IncomingMessage) return env.incoming;
  }
  const body = c.req.raw.body;
  // Another runtime (app.request in a test): the web stream, bridged.
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([]);
}

export interface BodyLimits {
  /** The most bytes the whole body may have, and what a larger one is told (413). */
  maxBytes: number;
  tooLarge: string;
  /** How long the body may send nothing before the upload is given up (408). */
  idleMs: number;
  /** How long the whole body may take, however steadily it comes (408). */
  deadlineMs: number;
}

/**
 * Aborts `controller` when the client leaves before the body ended, when the body stalls or
 * takes longer than its deadline, or when it grows past its limit. Returns the function that
 * stops watching.
 */
export function watchBody(
  body: Readable,
  limits: BodyLimits,
  controller: AbortController,
): () => void {
  let total = 0;
  const stalled = () =>
    controller.abort(
      new UploadRefusal(408, `the upload sent nothing for ${limits.idleMs / 1000} s`),
    );
  const timer = setTimeout(stalled, limits.idleMs);
  // A body that sends a byte now and then is never idle: this bounds it all the same.
  const deadline = setTimeout(
    () =>
      controller.abort(
        new UploadRefusal(408, `the upload took longer than ${limits.deadlineMs / 1000} s`),
      ),
    limits.deadlineMs,
  );
  const onData = (chunk: Buffer) => {
    total += chunk.length;
    timer.refresh();
    if (total > limits.maxBytes) {
      controller.abort(new UploadRefusal(413, limits.tooLarge));
    }
  };
  const onClose = () => {
    if (!body.readableEnded) controller.abort(new ClientGone());
  };
  body.on('data', onData);
  body.on('error', onClose);
  body.on('close', onClose);
  return () => {
    clearTimeout(timer);
    clearTimeout(deadline);
    body.off('data', onData);
    body.off('error', onClose);
    body.off('close', onClose);
  };
}
