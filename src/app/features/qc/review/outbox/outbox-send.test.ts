import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../client/api-error.ts';
import type { QcRequest, QcRequestPatch } from '../../../../../contract/qc.ts';
import { qcRequest } from '../../../../testing/qc.ts';
import { failureOutcome, sameDecision, sendDecision, type SendApi } from './outbox-send.ts';
import type { OutboxEntry } from './outbox-store.ts';

const RILEY = '6b0d6a1e-5c55-4f0e-9a36-2d0c1f7f7a01';
const ALEX = '9c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const ID = '00000000-0000-4000-8000-000000000001';

const patch: QcRequestPatch = { status: 'approved', reviewedBy: RILEY, checklistItems: [] };
const entry: OutboxEntry = {
  key: `user:${RILEY}|${ID}`,
  scope: `user:${RILEY}`,
  requestId: ID,
  matterReference: 'MR-1',
  patch,
  queuedOn: 0,
};

const request = (status: QcRequest['status'], reviewedBy?: string) =>
  qcRequest(ID, status, reviewedBy);

const http = (status: number, message = 'no') =>
  new ApiError({ code: 'http', status, message, path: '/x' });
const network = () => new ApiError({ code: 'network', status: 0, message: 'unreachable' });

/** A service that answers the PATCH with `decide` and the GET with `now`, counting calls. */
function service(decide: () => QcRequest | Error, now: () => QcRequest | Error) {
  const calls = { decide: 0, get: 0, keepalive: [] as boolean[], marks: [] as unknown[] };
  const answer = (value: QcRequest | Error) =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  const api: SendApi = {
    decide: (_id, _patch, { keepalive, marks }) => {
      calls.decide += 1;
      calls.keepalive.push(keepalive);
      calls.marks.push(marks);
      return answer(decide());
    },
    get: () => {
      calls.get += 1;
      return answer(now());
    },
  };
  return { api, calls };
}

const first = { askFirst: false, keepalive: true };
const later = { askFirst: true, keepalive: true };

describe('sameDecision', () => {
  it('is the same status by the same reviewer, whatever the case of the id', () => {
    expect(sameDecision(request('approved', RILEY.toUpperCase()), patch)).toBe(true);
    expect(sameDecision(request('rejected', RILEY), patch)).toBe(false);
    expect(sameDecision(request('approved', ALEX), patch)).toBe(false);
    expect(sameDecision(request('approved'), patch)).toBe(false);
  });
});

describe('sendDecision', () => {
  it('is saved on a 2xx, sent with keepalive', async () => {
    const { api, calls } = service(
      () => request('approved', RILEY),
      () => request('pending'),
    );
    const outcome = await sendDecision(entry, api, first);
    expect(outcome).toMatchObject({ kind: 'saved', request: { status: 'approved' } });
    expect(calls).toEqual({ decide: 1, get: 0, keepalive: [true], marks: [undefined] });
  });

  it("sends a rejection's marks on the first send and on every later one (ADR 029)", async () => {
    const marks = {
      items: [{ itemId: 'seal', regions: [{ page: 2, x: 10, y: 20, width: 30, height: 40 }] }],
    };
    const rejection: OutboxEntry = {
      ...entry,
      patch: { ...patch, status: 'rejected', notes: 'Reseal' },
      marks,
    };
    const { api, calls } = service(
      () => request('rejected', RILEY),
      () => request('pending'),
    );
    await sendDecision(rejection, api, first);
    await sendDecision(rejection, api, later);
    expect(calls.marks).toEqual([marks, marks]);
  });

  it("counts a 409 for the reviewer's own same decision as saved", async () => {
    const { api } = service(
      () => http(409, 'already decided'),
      () => request('approved', RILEY),
    );
    expect(await sendDecision(entry, api, first)).toMatchObject({ kind: 'saved' });
  });

  it("shows a 409 for someone else's decision (or another verdict) as a conflict", async () => {
    const byAlex = service(
      () => http(409, 'already decided'),
      () => request('approved', ALEX),
    );
    expect(await sendDecision(entry, byAlex.api, first)).toMatchObject({
      kind: 'conflict',
      request: { reviewedBy: ALEX },
      message: 'already decided',
    });
    const rejected = service(
      () => http(409),
      () => request('rejected', RILEY),
    );
    expect(await sendDecision(entry, rejected.api, first)).toMatchObject({ kind: 'conflict' });
  });

  it('shows a 409 on a request still pending (another holds it) as a conflict', async () => {
    const { api } = service(
      () => http(409, 'Alex Admin is reviewing it'),
      () => request('pending'),
    );
    expect(await sendDecision(entry, api, first)).toMatchObject({
      kind: 'conflict',
      message: 'Alex Admin is reviewing it',
    });
  });

  it('keeps it when whose decision it is cannot be read after a 409', async () => {
    const { api } = service(() => http(409), network);
    expect(await sendDecision(entry, api, first)).toMatchObject({ kind: 'retry' });
  });

  it('keeps it on no answer, 5xx, 429 and 401; refuses it on another 4xx', async () => {
    for (const error of [network(), http(500), http(502), http(504), http(429), http(401)]) {
      const { api } = service(
        () => error,
        () => request('pending'),
      );
      expect(await sendDecision(entry, api, first)).toMatchObject({ kind: 'retry' });
    }
    for (const status of [400, 403, 404, 422]) {
      const { api } = service(
        () => http(status, 'refused'),
        () => request('pending'),
      );
      expect(await sendDecision(entry, api, first)).toEqual({
        kind: 'refused',
        message: 'refused',
      });
    }
  });

  it('keeps it when a 2xx answer does not parse (it was saved: the next try asks first)', () => {
    const odd = new ApiError({ code: 'unexpected-response', status: 200, message: 'odd' });
    expect(failureOutcome(odd)).toMatchObject({ kind: 'retry' });
    expect(failureOutcome(new TypeError('bug'))).toMatchObject({ kind: 'retry' });
  });

  it('asks first on a later send, and sends nothing when it was already saved', async () => {
    const { api, calls } = service(
      () => request('approved', RILEY),
      () => request('approved', RILEY),
    );
    expect(await sendDecision(entry, api, later)).toMatchObject({ kind: 'saved' });
    expect(calls.decide).toBe(0);
  });

  it('asks first on a later send, and sends it while still pending', async () => {
    const { api, calls } = service(
      () => request('approved', RILEY),
      () => request('pending'),
    );
    expect(await sendDecision(entry, api, later)).toMatchObject({ kind: 'saved' });
    expect(calls).toMatchObject({ decide: 1, get: 1 });
  });

  it('asks first and keeps it when the service cannot be reached', async () => {
    const { api, calls } = service(() => request('approved', RILEY), network);
    expect(await sendDecision(entry, api, later)).toMatchObject({ kind: 'retry' });
    expect(calls.decide).toBe(0);
  });
});
