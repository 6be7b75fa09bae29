import type { DecisionMarks } from '../../src/contract/findings.ts';
import { MARKS_HEADER } from '../../src/contract/findings.ts';
import { encodeMarksHeader } from '../../src/shared/marks-header.ts';
import { call, sleep, timed, type Session } from './client.ts';
import { around, pick, type Day } from './day.ts';
import { conflict } from './record.ts';
import type { Stream } from './streams.ts';

// A reviewer's day: take the next request no one holds and hold it, open it (the request,
// its document and the machine's reading, at once, as the review screen asks; and its first
// page's image where the console asks for one: a review opened cold), read it, decide it: an approval, or at the demo's rate a rejection with one
// or two failed items, each marked on page 1 (ADR 029). Until the queue is empty or the day ends.

const QUEUE =
  '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=100&orderBy=createdOn&orderDirection=asc';

interface Item {
  id: string;
}
interface QcRequest {
  id: string;
  status: string;
  reviewedBy?: string;
  fileUrl: string;
  checklistItems: Item[];
}

export async function reviewer(s: Session, day: Day, own: Stream): Promise<void> {
  // People arrive over the first minutes, not at one instant.
  await sleep(Math.random() * day.reviewMs);
  let empty = 0;
  let opened = 0;
  while (day.running()) {
    const started = Date.now();
    const id = await timed(s.record, 'take next', () => takeNext(s));
    if (!id) {
      empty += 1;
      if (empty >= 5) return; // the queue is done
      await sleep(2_000);
      continue;
    }
    empty = 0;
    // A cold open's first page comes beside the review's own reads, and is timed apart: it
    // stands in for pdf.js's page until that is drawn, and the screen waits for neither.
    const cold = opened++ === 0 || Math.random() < COLD_SHARE;
    const image = cold ? firstPage(s, id) : undefined;
    const request = await timed(s.record, 'open', () => open(s, id));
    await image;
    // Reading: what is left of this request's share of the day.
    await sleep(Math.max(0, around(day.reviewMs) - (Date.now() - started)));
    if (request.status !== 'pending') continue;
    await timed(s.record, 'decide', () => decide(s, day, request, own));
  }
}

/** The queue's oldest page and the holds; a free request of it, held. Undefined: none free. */
async function takeNext(s: Session): Promise<string | undefined> {
  const [queue, holds] = await Promise.all([
    call(s, 'take next', 'GET', QUEUE),
    call(s, 'take next', 'GET', '/team/holds'),
  ]);
  const rows = (queue.json as { qcRequests: { id: string }[] }).qcRequests;
  const held = new Set(
    (holds.json as { holds: { requestId: string }[] }).holds.map((h) => h.requestId),
  );
  const free = rows.map((r) => r.id).filter((id) => !held.has(id));
  // The queue shows its rows' machine readings: asking queues them (ADR 042).
  const shown = rows.slice(0, 25).map((r) => r.id);
  if (shown.length > 0) {
    void timed(s.record, 'queue checks', () =>
      call(s, 'queue checks', 'GET', `/team/checks?ids=${shown.join(',')}`),
    ).catch(() => undefined);
  }
  // Forty people at one queue: each takes one of the first free rows, not all the very first.
  for (let tries = 0; tries < 5 && free.length > 0; tries += 1) {
    const id = pick(free.slice(0, 10))!;
    free.splice(free.indexOf(id), 1);
    const taken = await call(s, 'take next', 'PUT', `/team/holds/${id}`, {
      body: { takeOver: false },
      ok: [404, 409],
    });
    if (taken.status < 300) return id;
    conflict(s.record, 'hold already taken or decided');
  }
  return undefined;
}

/**
 * Opens that are cold besides each reviewer's first: a link from an e-mail, a reload. The
 * console asks for the first page's image only then (and on a slow link before pdf.js has
 * come: pdf/first-page.ts); in the app, pdf.js draws the page from the document.
 */
const COLD_SHARE = 0.1;

async function open(s: Session, id: string): Promise<QcRequest> {
  // Each part timed too (`open: …`), to say which one a slow open waited for.
  const part = (name: string, ...args: Parameters<typeof call>) =>
    timed(s.record, `open: ${name}`, () => call(...args));
  const { json } = await part('request', s, 'open', 'GET', `/api/qc/v2/qc/requests/${id}`);
  const request = json as QcRequest;
  await Promise.all([
    part('document', s, 'open', 'GET', request.fileUrl, { binary: true }),
    part('checks', s, 'open', 'GET', `/team/checks/${id}`, { ok: [404] }),
  ]);
  return request;
}

/** The first page's image, as a review opened cold asks for it (ADR 025). */
async function firstPage(s: Session, id: string): Promise<void> {
  const image = await timed(s.record, 'first page (cold)', () =>
    call(s, 'first page (cold)', 'GET', `/preview/qc/${id}/first-page`, {
      binary: true,
      headers: { accept: 'image/avif,image/webp,image/*' },
      // Busy drawing: the review reads the page with pdf.js instead (ADR 017).
      ok: [429],
    }),
  );
  if (image.status === 429) conflict(s.record, 'first-page image busy (pdf.js instead)');
}

async function decide(s: Session, day: Day, request: QcRequest, own: Stream): Promise<void> {
  const reject = Math.random() < day.rejectRate && request.checklistItems.length > 0;
  const failing = new Set<string>();
  if (reject) {
    failing.add(pick(request.checklistItems)!.id);
    if (Math.random() < 0.3) failing.add(pick(request.checklistItems)!.id);
  }
  const status = reject ? 'rejected' : 'approved';
  const body = {
    status,
    reviewedBy: s.person.userId,
    checklistItems: request.checklistItems.map((item) =>
      failing.has(item.id)
        ? { id: item.id, status: 'rejected', reviewerNote: 'p. 1: not as the checklist asks' }
        : { id: item.id, status: 'approved' },
    ),
  };
  const marks: DecisionMarks = {
    items: [...failing].map((itemId) => ({
      itemId,
      regions: [{ page: 1, x: 72, y: 90, width: 220, height: 36 }],
    })),
  };
  day.board.sending(request.id, own);
  const path = `/api/qc/v2/qc/requests/${request.id}`;
  const answer = await call(s, 'decide', 'PATCH', path, {
    body,
    ok: [409],
    headers: reject ? { [MARKS_HEADER]: encodeMarksHeader(marks) } : {},
  });
  if (answer.status === 409) {
    // As the outbox reads a 409 (ADR 026): saved if an earlier try of ours got there.
    const { json } = await call(s, 'decide', 'GET', path);
    const now = json as QcRequest;
    if (now.status !== status || now.reviewedBy !== s.person.userId) {
      conflict(s.record, 'decision refused: decided by another');
      return;
    }
    conflict(s.record, 'decision answered 409 after an earlier try saved it');
  }
  s.record.decisions.push({
    requestId: request.id,
    status,
    reviewer: s.person.userId,
    rejectedItems: [...failing],
  });
}
