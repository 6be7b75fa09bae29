import { fetch } from 'undici';
import { agent, since, sleep, type Session } from './client.ts';

// Every session keeps the live event stream open, as the console's shell does (ADR 010), and
// opens it again after a drop with the last event id it saw. A decision's queue news is timed
// from its PATCH's sending to its arrival at every other session that reads the queue.

export interface Stream {
  isOpen(): boolean;
  close(): void;
}

/** Decisions being sent, and how many other queue-reading streams each should reach. */
export class LiveBoard {
  readonly sent = new Map<string, { at: number; expected: number; got: number }>();
  readonly readers = new Set<Stream>();

  /** Called as a reviewer sends a decision: how many other open streams should hear of it. */
  sending(requestId: string, own: Stream | undefined) {
    let expected = 0;
    for (const stream of this.readers) if (stream !== own && stream.isOpen()) expected += 1;
    this.sent.set(requestId, { at: Date.now(), expected, got: 0 });
  }
}

export function openStream(session: Session, board: LiveBoard, readsQueue: boolean): Stream {
  const { record } = session;
  let closed = false;
  let open = false;
  let lastId: string | undefined;
  const controller = new AbortController();
  const stream: Stream = {
    isOpen: () => open,
    close() {
      closed = true;
      controller.abort();
    },
  };
  if (readsQueue) board.readers.add(stream);

  const onEvent = (type: string, data: string) => {
    if (type !== 'QC_QUEUE') return;
    const change = JSON.parse(data) as { kind: string; requestId?: string; by?: { id: string } };
    if (change.kind !== 'decided' || !change.requestId) return;
    const sent = board.sent.get(change.requestId);
    // Its own reviewer's stream is not another session's.
    if (!sent || change.by?.id === session.person.userId) return;
    sent.got += 1;
    record.live.push([since(record), Date.now() - sent.at]);
  };

  const run = async () => {
    while (!closed) {
      try {
        const response = await fetch(`${session.base}/events`, {
          headers: {
            cookie: session.cookie,
            accept: 'text/event-stream',
            ...(lastId && { 'last-event-id': lastId }),
          },
          dispatcher: agent,
          signal: controller.signal,
        });
        if (response.status !== 200 || !response.body) {
          await response.body?.cancel();
          throw new Error(`the stream answered ${response.status}`);
        }
        open = true;
        record.streams.opened += 1;
        let buffer = '';
        const decoder = new TextDecoder();
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            let type = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) type = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
              else if (line.startsWith('id:')) lastId = line.slice(3).trim();
            }
            if (data.length > 0) onEvent(type, data.join('\n'));
          }
        }
      } catch {
        // A drop (a killed process, a cut database): the browser's EventSource opens it again.
      }
      if (open) record.streams.reconnects += closed ? 0 : 1;
      open = false;
      if (!closed) await sleep(1_000);
    }
  };
  void run();
  return stream;
}
