import { benchClient } from './bench-db.ts';
import type { DayRecord } from './record.ts';
import type { World } from './deployment.ts';

// Nothing lost, nothing twice: what each actor was told was saved, compared record by record
// with the service (its QC requests and its webhook outbox) and the gateway's store (history,
// findings, received webhooks, notices), and the notices with what the relay received.

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface ServiceRequest {
  id: string;
  status: string;
  reviewedBy?: string;
}

async function adminToken(serviceUrl: string): Promise<string> {
  const response = await fetch(`${serviceUrl}/auth/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('acme-admin:acme-admin-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Every row of one of the service's lists, page by page. */
export async function listAll<T>(serviceUrl: string, path: string, key: string): Promise<T[]> {
  const token = await adminToken(serviceUrl);
  const rows: T[] = [];
  let cursor = '';
  for (;;) {
    const response = await fetch(`${serviceUrl}${path}&limit=100${cursor && `&cursor=${cursor}`}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await response.json()) as Record<string, unknown> & {
      pagination: { nextCursor: string };
    };
    rows.push(...(page[key] as T[]));
    cursor = page.pagination.nextCursor;
    if (!cursor) return rows;
  }
}

const count = <T>(list: readonly T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const sample = (ids: string[]) => (ids.length ? `: ${ids.slice(0, 3).join(', ')}` : '');

export async function verify(
  world: World,
  record: DayRecord,
  received: Map<string, number>,
  /** When gateway 0 was killed (ms since the epoch). */
  killedAt: number,
): Promise<Check[]> {
  const db = benchClient(world.databaseUrl);
  await db.connect();
  try {
    const serviceUrl = world.team.serviceUrl;
    const decided = [
      ...(await listAll<ServiceRequest>(
        serviceUrl,
        '/qc/v2/qc/requests?owner=acme&status=approved',
        'qcRequests',
      )),
      ...(await listAll<ServiceRequest>(
        serviceUrl,
        '/qc/v2/qc/requests?owner=acme&status=rejected',
        'qcRequests',
      )),
    ];
    const atService = new Map(decided.map((r) => [r.id, r]));
    const saved = record.decisions;
    const wrong = saved.filter((d) => {
      const r = atService.get(d.requestId);
      return r?.status !== d.status || r.reviewedBy !== d.reviewer;
    });
    const twiceTold = [...count(saved, (d) => d.requestId)].filter(([, n]) => n > 1);
    const byReviewers = new Map<string, Set<string>>();
    for (const d of saved)
      byReviewers.set(d.requestId, (byReviewers.get(d.requestId) ?? new Set()).add(d.reviewer));

    const history = await db.query<{ request_id: string; record: string }>(
      "SELECT request_id, record FROM qc_decisions WHERE owner = 'acme'",
    );
    const historyCount = count(history.rows, (r) => r.request_id);
    const historyWrong = saved.filter((d) => historyCount.get(d.requestId) !== 1);
    for (const row of history.rows) {
      const by = (JSON.parse(row.record) as { decidedBy: { id: string } }).decidedBy.id;
      byReviewers.set(row.request_id, (byReviewers.get(row.request_id) ?? new Set()).add(by));
    }
    const twoReviewers = [...byReviewers].filter(([, who]) => who.size > 1).map(([id]) => id);

    const findings = await db.query<{
      id: string;
      request_id: string;
      item_id: string;
      raised_at: string;
      record: string;
    }>("SELECT id, request_id, item_id, raised_at, record FROM qc_findings WHERE owner = 'acme'");
    const findingCount = count(findings.rows, (f) => `${f.request_id} ${f.item_id}`);
    const rejectedItems = saved.flatMap((d) =>
      d.rejectedItems.map((item) => `${d.requestId} ${item}`),
    );
    const findingsWrong = rejectedItems.filter((key) => findingCount.get(key) !== 1);
    const approved = new Set(saved.filter((d) => d.status === 'approved').map((d) => d.requestId));
    const onApproved = findings.rows.filter((f) => approved.has(f.request_id)).map((f) => f.id);

    type Step = {
      kind: string;
      by?: { id: string };
      to?: { id: string };
      answer?: string;
      outcome?: string;
      note?: string;
      on: string;
    };
    const records = new Map(
      findings.rows.map((f) => [f.id, JSON.parse(f.record) as { steps: Step[]; dueOn: string }]),
    );
    const stepsOf = new Map([...records].map(([id, f]) => [id, f.steps]));
    // Answers the notaries were told were saved, given after their finding's due date.
    const late = record.steps.filter((s) => {
      const finding = records.get(s.findingId);
      const step = finding?.steps.find((x) => x.kind === 'answered' && x.note === s.note);
      return s.kind === 'answered' && finding && step && step.on > finding.dueOn;
    });
    const stepsWrong = record.steps.filter((s) => {
      const matching = (stepsOf.get(s.findingId) ?? []).filter(
        (step) =>
          step.kind === s.kind &&
          step.by?.id === s.by &&
          (s.kind === 'reassigned'
            ? step.to?.id === s.what && step.on === s.note
            : (step.answer ?? step.outcome) === s.what && step.note === s.note),
      );
      return matching.length !== 1;
    });

    // Counted as they came (received.ts): the log keeps the newest 2,000 only.
    const receivedCount = received;
    const deliveries = await listAll<{ id: string; status: string }>(
      serviceUrl,
      '/sandbox/v1/deliveries?owner=acme',
      'deliveries',
    );
    const hooksWrong = [...record.hooks, ...deliveries.map((d) => d.id)].filter(
      (id) => receivedCount.get(id) !== 1,
    );
    const undelivered = deliveries
      .filter((d) => d.status !== 'delivered')
      .map((d) => `${d.id} ${d.status}`);

    const notices = await db.query<{ id: string; state: string; type: string; attempts: number }>(
      'SELECT id, state, type, attempts FROM notices',
    );
    // A process killed between its POST and recording it leaves the notice leased; once the
    // lease runs out another process sends it again, with the same webhook-id, which the
    // receiver keeps once. That is the one second arrival allowed: the gateway recorded one
    // attempt, the first arrival came before the kill and the second after it.
    const resentAfterKill = (n: { id: string; attempts: number }) => {
      const [first, second, ...more] = world.receiver.arrivals.get(n.id) ?? [];
      return (
        Number(n.attempts) === 1 &&
        more.length === 0 &&
        first !== undefined &&
        second !== undefined &&
        first <= killedAt &&
        second > killedAt
      );
    };
    const resent = notices.rows.filter((n) => n.state === 'sent' && resentAfterKill(n));
    const noticesWrong = notices.rows.filter(
      (n) => n.state !== 'sent' || (world.receiver.received.get(n.id) !== 1 && !resentAfterKill(n)),
    );
    const known = new Set(notices.rows.map((n) => n.id));
    const strangers = [...world.receiver.received.keys()].filter((id) => !known.has(id));
    // The day's findings only: a demo's, if any, were made before notices were configured.
    const allSteps = findings.rows
      .filter((f) => Number(f.raised_at) >= record.t0)
      .reduce((n, f) => n + (stepsOf.get(f.id)?.length ?? 0), 0);

    const steps = record.steps.length;
    return [
      {
        name: 'every decision told saved is in the service, once, as told',
        ok: wrong.length === 0 && twiceTold.length === 0 && saved.length > 0,
        detail: `${saved.length} told saved, ${wrong.length} not so at the service${sample(wrong.map((d) => d.requestId))}; ${twiceTold.length} told twice`,
      },
      {
        name: "every decision told saved is in the gateway's history once",
        ok: historyWrong.length === 0,
        detail: `${historyWrong.length} of ${saved.length} not recorded exactly once${sample(historyWrong.map((d) => d.requestId))}`,
      },
      {
        name: 'no request decided by two reviewers',
        ok: twoReviewers.length === 0,
        detail: `${twoReviewers.length} requests with two deciders${sample(twoReviewers)}`,
      },
      {
        name: 'every rejected item has its one finding',
        ok: findingsWrong.length === 0 && onApproved.length === 0,
        detail: `${rejectedItems.length} rejected items, ${findingsWrong.length} without exactly one finding${sample(findingsWrong)}; ${onApproved.length} findings on approvals`,
      },
      {
        name: 'every answer, settlement and reassignment is there once',
        ok: stepsWrong.length === 0 && steps > 0,
        detail: `${steps} told saved (${['answered', 'settled', 'reassigned'].map((k) => `${record.steps.filter((s) => s.kind === k).length} ${k}`).join(', ')}), ${stepsWrong.length} not found exactly once${sample(stepsWrong.map((s) => `${s.kind} ${s.findingId}`))}`,
      },
      {
        name: 'some answers after their due dates, each kept once',
        ok: late.length > 0 && late.every((s) => !stepsWrong.includes(s)),
        detail: `${late.length} of ${record.steps.filter((s) => s.kind === 'answered').length} answers given after their finding fell due`,
      },
      {
        name: 'every webhook received once (duplicates refused by id)',
        ok: hooksWrong.length === 0 && undelivered.length === 0,
        detail: `${record.hooks.length} burst + ${deliveries.length} service deliveries, ${hooksWrong.length} not kept exactly once${sample(hooksWrong)}; ${record.duplicateHooks} sent twice; ${undelivered.length} undelivered at the service${sample(undelivered)}`,
      },
      {
        name: 'every outgoing notice sent once (one sent again after its sender was killed mid-send kept once by id)',
        ok: noticesWrong.length === 0 && strangers.length === 0 && notices.rows.length === allSteps,
        detail: `${notices.rows.length} notices for ${allSteps} finding steps, ${noticesWrong.length} not sent and received exactly once${sample(noticesWrong.map((n) => `${n.id} ${n.state} ×${world.receiver.received.get(n.id) ?? 0}, ${n.attempts} recorded`))}; ${resent.length} sent again after gateway 0 was killed mid-send${sample(resent.map((n) => n.id))}; ${strangers.length} unknown ids; ${world.receiver.unsigned} unsigned`,
      },
    ];
  } finally {
    await db.end();
  }
}
