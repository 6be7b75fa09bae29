import type { Readable } from 'node:stream';

/** How much more of a refused body is read and dropped, and for how long. */
export interface DrainBounds {
  /** The most bytes read and dropped. */
  maxBytes: number;
  /** How long the body may send nothing before it is given up. */
  idleMs: number;
  /** How long the whole drain may take, however steadily the body comes. */
  deadlineMs: number;
}

/**
 * The answer to an upload refused while its client is still sending: sent at once and whole
 * (its length said), while the rest of the body is read and dropped within `bounds`; only then
 * does the exchange end and the connection close (`Connection: close`, which the answer says).
 *
 * A server that closes while the client is still sending makes the client's kernel reset the
 * connection as the next bytes arrive, and the reset can overtake the answer: the client
 * sees EPIPE or "connection reset" rather than its 403 or 400. A browser reads no answer
 * before it has sent its whole body, so for the console's upload to show why it was refused
 * the body must be read to its end. Clients that read as they send (curl, Node) stop
 * sending when the answer comes, and their drain ends there. Past a bound the connection
 * closes all the same: a refused client costs no more than an accepted upload could.
 */
export async function answerWhileDraining(
  answer: Response,
  body: Readable,
  bounds: DrainBounds,
): Promise<Response> {
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set('Connection', 'close');
  // Said, so that the client has the whole answer as it comes, not when the exchange ends.
  headers.set('Content-Length', String(bytes.byteLength));
  const drained = drain(body, bounds);
  return new Response(
    new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes);
        await drained;
        controller.close();
      },
    }),
    { status: answer.status, headers },
  );
}

/** Reads and drops what comes of `body` until it ends, goes, or passes a bound. */
export function drain(body: Readable, bounds: DrainBounds): Promise<void> {
  return new Promise((resolve) => {
    if (body.readableEnded || body.destroyed || bounds.maxBytes <= 0 || bounds.deadlineMs <= 0) {
      return resolve();
    }
    let left = bounds.maxBytes;
    const done = () => {
      clearTimeout(idle);
      clearTimeout(deadline);
      body.off('data', onData);
      body.off('end', done);
      body.off('close', done);
      body.off('error', done);
      // Past a bound: nothing more is read, and the connection closes under what is left.
      body.pause();
      resolve();
    };
    const idle = setTimeout(done, bounds.idleMs);
    const deadline = setTimeout(done, bounds.deadlineMs);
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      idle.refresh();
      if (left < 0) done();
    };
    body.on('data', onData);
    body.once('end', done);
    body.once('close', done);
    body.once('error', done);
    body.resume();
  });
}
