import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import {
  FINDING_EVENT,
  FindingChangeSchema,
  FindingCountSchema,
  FindingListSchema,
  type Finding,
} from '../../contract/findings.ts';
import type { QcRequest } from '../../contract/qc.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide, findingsOf, readFinding, userIdOf } from '../testing/findings.ts';

// A finding's life over real HTTP (ADR 029): Riley reviews, Alex and Morgan manage (and
// review), the integration client manages too but is no person, Nora is a notary who reads no QC, and Gwen is of
// another owner. Every refusal is read back: nothing changed.

let gateway: Harness;
let riley: Browser;
let alex: Browser;
let morgan: Browser;
let machine: Browser;
let nora: Browser;
let gwen: Browser;
let noraId: string;
/** Pending requests whose notary is Nora, and whose notary is someone else. */
let hers: QcRequest[];
let others: QcRequest[];

const notaryOf = (r: QcRequest) => r.actors.find((a) => a.roleId === 'notary')?.userId;
const take = (list: QcRequest[]) => {
  const request = list.shift();
  if (!request) throw new Error('out of pending requests');
  return request;
};

/** `decider` rejects a request's first item; its one finding. */
async function raise(decider: Browser, list: QcRequest[]): Promise<Finding> {
  const request = take(list);
  const decided = await decide(decider, request);
  expect(decided.status, decided.text).toBe(200);
  const [finding] = await findingsOf(alex, request.id);
  if (!finding) throw new Error('no finding');
  return finding;
}

const answer = (b: Browser, f: Finding, json: unknown) =>
  b.request('POST', `/team/findings/${f.id}/answer`, { json });
const settle = (b: Browser, f: Finding, json: unknown) =>
  b.request('POST', `/team/findings/${f.id}/settle`, { json });
const reassign = (b: Browser, f: Finding, json: unknown) =>
  b.request('PUT', `/team/findings/${f.id}/responsible`, { json });

type Refusal = [send: () => ReturnType<Browser['request']>, status: number, message: RegExp];

/** Each of `refusals`, in turn, is refused as its status with its message, the finding as before. */
async function refusedUnchanged(finding: Finding, ...refusals: Refusal[]) {
  for (const [send, status, message] of refusals) {
    const before = await readFinding(alex, finding.id);
    expectMessage(await send(), status, message);
    expect(await readFinding(alex, finding.id)).toEqual(before);
  }
}

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  riley = await signedIn('acme-reviewer');
  alex = await signedIn('acme-admin');
  morgan = await signedIn('acme-qc-manager');
  machine = await signedIn('acme-integration');
  nora = await signedIn('acme-notary');
  gwen = await signedIn('globex-admin');
  noraId = await userIdOf(nora);
  const pending = await pendingRequests(alex, 100);
  hers = pending.filter((r) => notaryOf(r) === noraId);
  others = pending.filter((r) => notaryOf(r) && notaryOf(r) !== noraId);
  expect(hers.length).toBeGreaterThanOrEqual(4);
  expect(others.length).toBeGreaterThanOrEqual(6);
});

describe('answers and settlements', () => {
  it('lets the party responsible dispute once; a manager who did not raise it settles', async () => {
    const finding = await raise(riley, hers);
    expect(finding.responsible?.id).toBe(noraId);

    await refusedUnchanged(
      finding,
      [
        () => answer(riley, finding, { answer: 'cured', note: '' }),
        403,
        /only the party responsible/,
      ],
      [
        () => answer(nora, finding, { answer: 'disputed', note: '  ' }),
        400,
        /a dispute needs its reason/,
      ],
      [() => answer(nora, finding, { answer: 'maybe', note: 'x' }), 400, /answer/],
    );
    const notJson = () =>
      nora.request('POST', `/team/findings/${finding.id}/answer`, {
        body: '{',
        headers: { 'content-type': 'application/json' },
      });
    await refusedUnchanged(finding, [notJson, 400, /JSON/]);

    const disputed = await answer(nora, finding, {
      answer: 'disputed',
      note: 'The seal is legible at 100%',
    });
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body).toMatchObject({ state: 'disputed' });
    const read = await readFinding(nora, finding.id);
    expect(read.steps.at(-1)).toMatchObject({
      kind: 'answered',
      answer: 'disputed',
      by: { id: noraId, name: 'Nora Notary' },
      note: 'The seal is legible at 100%',
    });
    await refusedUnchanged(finding, [
      () => answer(nora, finding, { answer: 'cured', note: '' }),
      409,
      /only an open finding/,
    ]);

    await refusedUnchanged(
      finding,
      [
        () => settle(riley, finding, { outcome: 'upheld', note: 'no' }),
        403,
        /only a QC manager settles/,
      ],
      [
        () => settle(nora, finding, { outcome: 'withdrawn', note: 'mine' }),
        403,
        /only a QC manager/,
      ],
      [() => settle(alex, finding, { outcome: 'upheld', note: '' }), 400, /say why/],
    );
    const upheld = await settle(alex, finding, {
      outcome: 'upheld',
      note: 'The seal is cut off on p. 1',
    });
    expect(upheld.status, upheld.text).toBe(200);
    const open = await readFinding(nora, finding.id);
    expect(open).toMatchObject({ state: 'open', upheld: true });
    expect(Date.parse(open.dueOn)).toBeGreaterThan(Date.parse(finding.dueOn));
    await refusedUnchanged(finding, [
      () => settle(alex, finding, { outcome: 'withdrawn', note: 'again' }),
      409,
      /only a disputed finding/,
    ]);
    // Upheld once: cured, never disputed again.
    await refusedUnchanged(finding, [
      () => answer(nora, finding, { answer: 'disputed', note: 'Still fine' }),
      409,
      /already upheld/,
    ]);
    const cured = await answer(nora, finding, { answer: 'cured', note: 'Rescanned' });
    expect(cured.status, cured.text).toBe(200);
    expect((await readFinding(alex, finding.id)).steps.map((s) => s.kind)).toEqual([
      'raised',
      'answered',
      'settled',
      'answered',
    ]);
  });

  it('takes four eyes to settle: not the raiser, not the answer’s writer, never a machine', async () => {
    const finding = await raise(riley, others);
    await refusedUnchanged(finding, [
      () => answer(machine, finding, { answer: 'disputed', note: 'Firm says fine' }),
      403,
      /only a person answers or settles/,
    ]);
    // A manager answers for the party responsible, who may not have the console.
    expect(
      (await answer(alex, finding, { answer: 'disputed', note: 'Firm says fine' })).status,
    ).toBe(200);
    await refusedUnchanged(
      finding,
      [
        () => settle(alex, finding, { outcome: 'withdrawn', note: 'fine' }),
        403,
        /you wrote the answer being settled: another QC manager settles it/,
      ],
      [
        () => settle(machine, finding, { outcome: 'withdrawn', note: 'fine' }),
        403,
        /only a person answers or settles/,
      ],
    );
    const withdrawn = await settle(morgan, finding, { outcome: 'withdrawn', note: 'Agreed' });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(await readFinding(alex, finding.id)).toMatchObject({
      state: 'withdrawn',
      steps: [
        { kind: 'raised' },
        { kind: 'answered' },
        { kind: 'settled', by: { name: 'Morgan Manager' } },
      ],
    });
  });

  it('never lets a manager settle a finding they raised', async () => {
    const finding = await raise(alex, others);
    expect(
      (await answer(morgan, finding, { answer: 'disputed', note: 'Firm says fine' })).status,
    ).toBe(200);
    await refusedUnchanged(
      finding,
      [
        () => settle(alex, finding, { outcome: 'withdrawn', note: 'fine' }),
        403,
        /you raised this finding: another QC manager settles its dispute/,
      ],
      [
        () => settle(morgan, finding, { outcome: 'withdrawn', note: 'fine' }),
        403,
        /you wrote the answer being settled/,
      ],
    );
    // Nobody of the owner may settle it but a third manager: the dispute waits for one.
    expect((await readFinding(alex, finding.id)).state).toBe('disputed');
  });

  it('lets a manager hand a finding to a user of the owner, and no one else', async () => {
    const finding = await raise(riley, others);
    const rileyId = await userIdOf(riley);
    const gwenId = await userIdOf(gwen);
    await refusedUnchanged(
      finding,
      [() => reassign(riley, finding, { userId: rileyId }), 403, /only a QC manager/],
      [() => reassign(alex, finding, { userId: randomUUID() }), 404, /no user .* of this owner/],
      [() => reassign(alex, finding, { userId: gwenId }), 404, /no user/],
      [() => reassign(alex, finding, { user: rileyId }), 400, /.+/],
      [
        () => reassign(alex, finding, { userId: finding.responsible?.id }),
        400,
        /already responsible/,
      ],
    );
    const moved = await reassign(alex, finding, { userId: rileyId });
    expect(moved.status, moved.text).toBe(200);
    const read = await readFinding(riley, finding.id);
    expect(read.responsible).toEqual({ id: rileyId, name: 'Riley Reviewer' });
    expect(read.steps.at(-1)).toMatchObject({
      kind: 'reassigned',
      from: finding.responsible,
      to: { id: rileyId, name: 'Riley Reviewer' },
      by: { name: 'Alex Admin' },
    });
    expect((await answer(riley, finding, { answer: 'cured', note: 'Done' })).status).toBe(200);
    await refusedUnchanged(finding, [
      () => reassign(alex, finding, { userId: noraId }),
      409,
      /nothing left to answer/,
    ]);
  });
});

describe('who sees what', () => {
  it('shows a notary their own findings only, and counts them', async () => {
    const mine = await raise(riley, hers);
    const theirs = await raise(riley, others);
    expectMessage(await nora.request('GET', '/team/findings'), 403, /mine=true/);
    const listed = await nora.request('GET', '/team/findings?mine=true&view=open');
    expect(listed.status, listed.text).toBe(200);
    const own = FindingListSchema.parse(listed.body).findings;
    expect(own.map((f) => f.id)).toContain(mine.id);
    expect(own.every((f) => f.responsible?.id === noraId)).toBe(true);
    expect((await readFinding(nora, mine.id)).id).toBe(mine.id);
    expectMessage(await nora.request('GET', `/team/findings/${theirs.id}`), 404, /no finding/);
    await refusedUnchanged(theirs, [
      () => answer(nora, theirs, { answer: 'cured', note: '' }),
      404,
      /no finding/,
    ]);

    const count = FindingCountSchema.parse(
      (await nora.request('GET', '/team/findings/count')).body,
    );
    expect(count.open).toBe(own.length);
    // Due days ahead (a session lasts a day: the store's test moves past due dates).
    expect(count.overdue).toBe(0);
    // The rest of /team is still not hers.
    expectMessage(
      await nora.request('GET', `/team/history/${mine.requestId}`),
      403,
      /QC reviewers/,
    );
  });

  it('pages the team’s list by cursor and refuses a query it does not know', async () => {
    const first = await alex.request('GET', '/team/findings?view=all&limit=2');
    const page = FindingListSchema.parse(first.body);
    expect(page.findings).toHaveLength(2);
    const second = FindingListSchema.parse(
      (await alex.request('GET', `/team/findings?view=all&limit=2&cursor=${page.next}`)).body,
    );
    expect(second.findings.map((f) => f.id)).not.toContain(page.findings[0]?.id);
    expectMessage(
      await alex.request('GET', `/team/findings?view=open&cursor=${page.next}`),
      400,
      /cursor/,
    );
    expectMessage(await alex.request('GET', '/team/findings?limit=101'), 400, /limit/);
    expectMessage(await alex.request('GET', '/team/findings?view=later'), 400, /view/);
    expectMessage(await alex.request('GET', '/team/findings?colour=red'), 400, /.+/);
  });

  it('answers another owner’s finding as unknown, and a missing or forged session with 401', async () => {
    const finding = await raise(riley, others);
    for (const [method, path, json] of [
      ['GET', `/team/findings/${finding.id}`],
      ['POST', `/team/findings/${finding.id}/answer`, { answer: 'cured', note: '' }],
      ['POST', `/team/findings/${finding.id}/settle`, { outcome: 'withdrawn', note: 'x' }],
      ['PUT', `/team/findings/${finding.id}/responsible`, { userId: noraId }],
    ] as const) {
      await refusedUnchanged(finding, [
        () => gwen.request(method, path, json ? { json } : {}),
        404,
        /no finding/,
      ]);
    }
    expect(
      FindingListSchema.parse((await gwen.request('GET', '/team/findings')).body).findings,
    ).toEqual([]);
    expectMessage(await alex.request('GET', `/team/findings/${randomUUID()}`), 404, /no finding/);
    expectMessage(await alex.request('GET', '/team/findings/not-a-uuid'), 400, /UUID/);

    const anonymous = gateway.browser();
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    for (const browser of [anonymous, forged]) {
      for (const path of [
        '/team/findings',
        '/team/findings/count',
        `/team/findings/${finding.id}`,
      ]) {
        expect((await browser.request('GET', path)).status).toBe(401);
      }
      await refusedUnchanged(finding, [
        () => answer(browser, finding, { answer: 'cured', note: '' }),
        401,
        /sign in/,
      ]);
    }
  });
});

describe('news of findings', () => {
  it('reaches the responsible notary’s stream and the team’s, and not an unrelated notary’s', async () => {
    const noraStream = await nora.events();
    const alexStream = await alex.events();
    try {
      // Someone else's finding: the team hears of it, Nora does not.
      const theirs = await raise(riley, others);
      const mine = await raise(riley, hers);
      const findingNews = (stream: typeof noraStream) =>
        stream.messages
          .filter((m) => m.event === FINDING_EVENT)
          .map((m) => FindingChangeSchema.parse(JSON.parse(m.data)));
      await alexStream.waitFor(4); // two QC_QUEUE decisions, two findings
      expect(findingNews(alexStream).map((c) => c.finding.id)).toEqual([theirs.id, mine.id]);
      await noraStream.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(noraStream.messages.map((m) => m.event)).toEqual([FINDING_EVENT]);
      expect(findingNews(noraStream)).toMatchObject([{ kind: 'raised', finding: { id: mine.id } }]);

      // Handed to Riley: Nora hears it leave her; Riley now hears of it.
      expect((await reassign(alex, mine, { userId: await userIdOf(riley) })).status).toBe(200);
      await noraStream.waitFor(2);
      expect(findingNews(noraStream)[1]).toMatchObject({ kind: 'reassigned' });
    } finally {
      noraStream.close();
      alexStream.close();
    }
  });
});
