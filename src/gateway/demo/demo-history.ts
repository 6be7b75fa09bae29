import type { ProcessSettings, Sample, SecondReviewBody } from '../../contract/qc-management.ts';
import {
  QcProcessListSchema,
  QcRequestListSchema,
  type QcProcess,
  type QcRequest,
} from '../../contract/qc.ts';
import { UserListSchema } from '../../contract/users.ts';
import type { DecisionRecord, TeamMember } from '../../contract/team.ts';
import type { Region } from '../../contract/findings.ts';
import { createDecisionLog } from '../reviews/decisions.ts';
import { recordedItems, requestContext } from '../reviews/reviews.ts';
import type { Feed } from '../events/event-log.ts';
import { secondReview } from '../qc-management/sampling.ts';
import { createManagementStore } from '../qc-management/store.ts';
import type { Sql } from '../db/sql.ts';
import { createFindingStore } from '../findings/store.ts';
import type { FindingSettings } from '../findings/creation.ts';
import { DOCUMENT_MAX_BYTES } from '../findings/documents.ts';
import { demoFindings, demoSeverities, withDemoMarks, type DemoRegions } from './demo-findings.ts';

// The QC team's history for the demo (ADR 003's amendment): the reference service's
// seeded decisions, recorded in the gateway's decision log as if they had been made through
// the console, with process settings, second reviews and findings (demo-findings.ts) beside
// them, so a fresh `npm start` has a team view worth reading. Only for the embedded demo service (src/main.ts); never for
// a real upstream.

export interface DemoHistoryInput {
  feed: Feed;
  /** The owner's QC requests as the service answers them; pending ones are left out. */
  requests: QcRequest[];
  /** Display names by user id, for the deciders. */
  names: ReadonlyMap<string, string>;
  /** The owner's processes, for settings; none: no settings and no samples. */
  processes?: QcProcess[];
  /** Who set the settings and settled the flagged sample: the owner's admin. */
  admin?: TeamMember;
  /**
   * Where a request's document shows what a check is about (the embedded service's record of
   * its seeded documents): the marks of a seeded rejection. None: rejections carry no region.
   */
  regionsOf?: (request: QcRequest, itemName: string) => Region[];
  /** The actor role of a request's notary (ATTEST_NOTARY_ROLE); `notary` by default. */
  notaryRole?: string;
  now: number;
}

/** One seeded decision as the console would have recorded it. */
export function decisionOf(
  request: QcRequest,
  names: ReadonlyMap<string, string>,
): DecisionRecord | undefined {
  const { status, reviewedBy, reviewCompletedOn } = request;
  if (status === 'pending' || !reviewedBy || !reviewCompletedOn) return undefined;
  return {
    requestId: request.id,
    status,
    decidedBy: { id: reviewedBy, name: names.get(reviewedBy) ?? reviewedBy },
    decidedOn: reviewCompletedOn,
    ...(request.reviewStartedOn && { openedOn: request.reviewStartedOn }),
    items: recordedItems(request),
    ...(request.notes && { notes: request.notes }),
    takeOvers: [],
    ...requestContext(request),
  };
}

/**
 * Writes the history once: nothing when the feed has any decision already (a restart, or a
 * team that has been at work). Answers how many decisions and samples it wrote.
 */
export async function writeDemoHistory(sql: Sql, input: DemoHistoryInput) {
  const { feed } = input;
  const existing = await createDecisionLog(sql).between(feed, 0, 8.64e15);
  if (existing.length > 0) return { decisions: 0, samples: 0, findings: 0, documents: 0 };
  const byId = new Map(input.requests.map((r) => [r.id, r]));
  const regionsOf: DemoRegions = (requestId, itemName) => {
    const request = byId.get(requestId);
    return (request && input.regionsOf?.(request, itemName)) ?? [];
  };
  const records = input.requests
    .flatMap((request) => decisionOf(request, input.names) ?? [])
    .sort((a, b) => Date.parse(a.decidedOn) - Date.parse(b.decidedOn))
    .map((record, n) => withDemoMarks(record, n, regionsOf));
  const samples = input.admin ? demoSamples(records, input.admin, input.now) : [];
  const settings = input.admin
    ? demoSettings(input.processes ?? [], input.admin, input.now, records)
    : [];
  const findings = demoFindings({
    feed,
    records,
    settings: new Map(
      settings.map((s): [string, FindingSettings] => [
        s.processName,
        { severities: s.severities ?? {}, responseDays: s.responseDays ?? 2 },
      ]),
    ),
    names: input.names,
    admin: input.admin,
    // The demo notary login: her recent findings wait for her answer.
    keepOpenFor: [...input.names].find(([, name]) => name === DEMO_NOTARY)?.[0],
    notaryRole: input.notaryRole ?? 'notary',
    now: input.now,
  });
  await sql.transaction(async (tx) => {
    const decisions = createDecisionLog(tx);
    const management = createManagementStore(tx);
    const findingStore = createFindingStore(tx);
    for (const record of records) await decisions.record(feed, record);
    for (const each of settings) await management.putSettings(feed, each);
    for (const sample of samples) await management.addSample(feed, sample);
    for (const { decidedAt, finding } of findings) {
      await findingStore.add(feed, decidedAt, [finding]);
    }
  });
  const documents = await keepDemoDocuments(
    sql,
    feed,
    input.requests.filter((r) => findings.some(({ finding }) => finding.requestId === r.id)),
    input.now,
  );
  return {
    decisions: records.length,
    samples: samples.length,
    findings: findings.length,
    documents,
  };
}

/**
 * The documents of the demo's findings, kept as a rejection through the console keeps them
 * (findings/documents.ts), so the demo notary sees the page of each of hers. Read at each
 * request's presigned `fileUrl`; one that cannot be read is left out (its finding shows a
 * sketch). Answers how many were kept.
 */
async function keepDemoDocuments(sql: Sql, feed: Feed, requests: QcRequest[], now: number) {
  const store = createFindingStore(sql);
  let kept = 0;
  for (const request of requests) {
    try {
      const answer = await fetch(request.fileUrl, { signal: AbortSignal.timeout(10_000) });
      const content = new Uint8Array(await answer.arrayBuffer());
      if (!answer.ok || content.byteLength > DOCUMENT_MAX_BYTES) continue;
      if (await store.keepDocument(feed, request.id, content, now)) kept += 1;
    } catch {
      // The sketch stands in for it.
    }
  }
  return kept;
}

/**
 * The process with the backlog is watched closely; the one kept fresh has a loose target.
 * Both give their findings two or three business days, and hold seals, signatures and
 * alterations critical (demo-findings.ts).
 */
const SETTINGS: Record<
  string,
  { targetAgeHours: number; samplePercent: number; responseDays: number }
> = {
  'Affidavit review': { targetAgeHours: 48, samplePercent: 10, responseDays: 2 },
  'Power of attorney review': { targetAgeHours: 72, samplePercent: 0, responseDays: 3 },
};
export const SAMPLED_PROCESS = 'Affidavit review';
/** The demo's notary login (acme-notary), the party responsible for several open findings. */
export const DEMO_NOTARY = 'Nora Notary';

function demoSettings(
  processes: QcProcess[],
  admin: TeamMember,
  now: number,
  records: DecisionRecord[],
) {
  return processes.flatMap((p): ProcessSettings[] => {
    const settings = SETTINGS[p.displayName];
    if (!settings || p.archivedOn) return [];
    const updatedOn = new Date(now - 40 * 86_400_000).toISOString();
    const items = records
      .filter((r) => r.processName === p.displayName)
      .flatMap((r) => r.items.map((item) => item.displayName));
    return [
      {
        processId: p.id,
        processName: p.displayName,
        ...settings,
        severities: demoSeverities(new Set(items)),
        updatedBy: admin,
        updatedOn,
      },
    ];
  });
}

const DAY = 86_400_000;
/** What the fifteen samples became, oldest first: the newest are still open. */
const FATES = [
  ...['agreed', 'agreed', 'flagged', 'agreed', 'agreed', 'resolved', 'agreed', 'agreed'],
  ...['agreed', 'flagged', 'agreed', 'agreed', 'open', 'open', 'open'],
] as const;

/**
 * Fifteen of the sampled process's approvals, spread over the history, each second-reviewed
 * a day later by another reviewer: most agree, a few fail a check the first reviewer passed
 * (the seal: the item that fails most), one of those already settled by the admin.
 */
export function demoSamples(records: DecisionRecord[], admin: TeamMember, now: number) {
  const approvals = records.filter(
    (r) => r.status === 'approved' && r.processName === SAMPLED_PROCESS && r.items.length > 0,
  );
  const reviewers = [...new Map(records.map((r) => [r.decidedBy.id, r.decidedBy])).values()];
  const lastDecided = new Map(records.map((r) => [r.decidedBy.id, Date.parse(r.decidedOn)]));
  if (approvals.length < FATES.length || reviewers.length < 2) return [];
  const step = approvals.length / FATES.length;
  return FATES.flatMap((fate, n): Sample[] => {
    const first = approvals[Math.floor(n * step)];
    if (!first) return [];
    const sample: Sample = {
      requestId: first.requestId,
      sampledOn: first.decidedOn,
      state: 'open',
      processName: SAMPLED_PROCESS,
      ...(first.matterReference && { matterReference: first.matterReference }),
      ...(first.firmId && { firmId: first.firmId }),
      firstReview: first,
    };
    const on = Date.parse(first.decidedOn) + DAY + n * 3_600_000;
    if (fate === 'open' || on > now) return [sample];
    // Someone still deciding by then: not the first reviewer, nor one who has left.
    const others = reviewers.filter(
      (r) => r.id !== first.decidedBy.id && (lastDecided.get(r.id) ?? 0) > on - 7 * DAY,
    );
    const by = others[n % others.length] ?? admin;
    const passed = first.items.filter((i) => i.status === 'approved');
    const failed =
      fate !== 'agreed' && (passed.find((i) => /seal/i.test(i.displayName)) ?? passed[0]);
    const body: SecondReviewBody = {
      items: first.items.map((item) =>
        item === failed
          ? {
              id: item.id,
              verdict: 'rejected',
              note: 'Seal partly outside the scan: I would send it back.',
            }
          : {
              id: item.id,
              verdict: item.status === 'notApplicable' ? 'notApplicable' : 'approved',
            },
      ),
    };
    const result = secondReview(sample, body, by, new Date(on).toISOString());
    if (!result.ok) return [sample];
    if (fate !== 'resolved' || result.sample.state !== 'flagged') return [result.sample];
    const outcome = {
      by: admin,
      on: new Date(Math.min(now, on + 2 * 3_600_000)).toISOString(),
      action: 'rework' as const,
      note: 'Sent back to the firm for a rescan of the notary page.',
    };
    return [{ ...result.sample, state: 'resolved', outcome }];
  });
}

/** A demo login of the embedded service, to read an owner's data over its HTTP API. */
export interface DemoCredential {
  owner: string;
  clientId: string;
  clientSecret: string;
}

/**
 * What the history is made of, read through the service's API as any client would: every
 * QC request of the owner, its users' names and its processes.
 */
export async function readDemoOwner(serviceUrl: string, login: DemoCredential) {
  const basic = Buffer.from(`${login.clientId}:${login.clientSecret}`).toString('base64');
  const tokenAnswer = await fetch(`${serviceUrl}/auth/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  const token = ((await tokenAnswer.json()) as { access_token?: unknown }).access_token;
  if (!tokenAnswer.ok || typeof token !== 'string') {
    throw new Error(`no token for ${login.clientId}: ${tokenAnswer.status}`);
  }
  const get = async (path: string) => {
    const answer = await fetch(`${serviceUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
    return (await answer.json()) as unknown;
  };
  const owner = encodeURIComponent(login.owner);
  const requests: QcRequest[] = [];
  let cursor = '';
  // Bounded: the demo holds a few hundred; a store grown by `npm run seed` stops here.
  for (let page = 0; page < 40; page += 1) {
    const path = `/qc/v2/qc/requests?owner=${owner}&limit=500${cursor && `&cursor=${encodeURIComponent(cursor)}`}`;
    const list = QcRequestListSchema.parse(await get(path));
    requests.push(...list.qcRequests);
    cursor = list.pagination.nextCursor;
    if (!cursor || list.qcRequests.length === 0) break;
  }
  const users = UserListSchema.parse(await get(`/users/v1/users?owner=${owner}&limit=500`));
  const processes = QcProcessListSchema.parse(
    await get(`/qc/v2/qc/processes?owner=${owner}&limit=500`),
  );
  return {
    requests,
    names: new Map(users.users.map((u) => [u.id, u.displayName])),
    processes: processes.qcProcesses,
  };
}
