import { createHash } from 'node:crypto';
import {
  DEFAULT_SEVERITY,
  severityRank,
  type Finding,
  type Severity,
} from '../../contract/findings.ts';
import { RESPONSE_DAYS_DEFAULT, type ItemSeverities } from '../../contract/qc-management.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import type { GatewayContext } from '../context.ts';
import type { Feed } from '../events/event-log.ts';
import { announceFinding, publishFinding } from './announce.ts';
import { addBusinessDays } from './business-days.ts';
import { responsibleFor } from './responsible.ts';
import { createFindingStore } from './store.ts';

// A recorded rejection's findings (ADR 029): each item the service's answer shows rejected
// becomes one, with the reviewer's marks for it, the severity its process gives it (raised by
// the mark, never lowered), the party responsible and the date an answer is due.

/** What a process's settings say of its findings; a process without settings: the defaults. */
export interface FindingSettings {
  severities: ItemSeverities;
  responseDays: number;
}

export const DEFAULT_FINDING_SETTINGS: FindingSettings = {
  severities: {},
  responseDays: RESPONSE_DAYS_DEFAULT,
};

export const higher = (a: Severity, b: Severity | undefined): Severity =>
  b !== undefined && severityRank(b) > severityRank(a) ? b : a;

/** An item's severity in its process: as set by name, else major. */
export const itemSeverity = (settings: FindingSettings, displayName: string): Severity =>
  Object.hasOwn(settings.severities, displayName)
    ? (settings.severities[displayName] ?? DEFAULT_SEVERITY)
    : DEFAULT_SEVERITY;

/**
 * A finding's id: the same for the same feed, request, decision time and item, so every
 * process and every retry names one finding alike. A UUID's shape, from SHA-256.
 */
export function findingId(feed: Feed, requestId: string, decidedAt: number, itemId: string) {
  const hex = createHash('sha256')
    .update([feed.environment, feed.owner, requestId, decidedAt, itemId].join('\n'))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The findings of `record`: none unless it is a rejection. */
export function findingsOf(
  feed: Feed,
  record: DecisionRecord,
  settings: FindingSettings,
  notaryRole: string,
): Finding[] {
  if (record.status !== 'rejected') return [];
  const decidedAt = Date.parse(record.decidedOn);
  const marks = new Map((record.marks?.items ?? []).map((mark) => [mark.itemId, mark]));
  const dueOn = new Date(addBusinessDays(decidedAt, settings.responseDays)).toISOString();
  return record.items
    .filter((item) => item.status === 'rejected')
    .map((item) => {
      const mark = marks.get(item.id);
      return {
        id: findingId(feed, record.requestId, decidedAt, item.id),
        requestId: record.requestId,
        matterReference: record.matterReference ?? '',
        processName: record.processName ?? '',
        firmId: record.firmId ?? '',
        itemId: item.id,
        itemName: item.displayName,
        category: item.group ?? '',
        note: item.reviewerNote ?? '',
        severity: higher(itemSeverity(settings, item.displayName), mark?.severity),
        regions: mark?.regions ?? [],
        raisedBy: record.decidedBy,
        raisedOn: record.decidedOn,
        responsible: responsibleFor(item.roleId, record.actors ?? [], record.signedBy, notaryRole),
        dueOn,
        state: 'open',
        upheld: false,
        steps: [{ kind: 'raised', by: record.decidedBy, on: record.decidedOn }],
      };
    });
}

/** The settings of the process named `processName`, or the defaults. */
export async function findingSettings(
  ctx: Pick<GatewayContext, 'management'>,
  feed: Feed,
  processName: string | undefined,
): Promise<FindingSettings> {
  const saved = processName ? await ctx.management.settingsNamed(feed, processName) : undefined;
  return {
    severities: saved?.severities ?? DEFAULT_FINDING_SETTINGS.severities,
    responseDays: saved?.responseDays ?? DEFAULT_FINDING_SETTINGS.responseDays,
  };
}

/**
 * A recorded decision's findings, stored and announced. Run again with the same record (a
 * retry), it makes and announces none twice: a finding is one per request, time and item.
 */
export async function raiseFindings(
  ctx: GatewayContext,
  feed: Feed,
  record: DecisionRecord,
): Promise<Finding[]> {
  if (record.status !== 'rejected') return [];
  const settings = await findingSettings(ctx, feed, record.processName);
  const findings = findingsOf(feed, record, settings, ctx.notaryRole);
  const { added, publish } = await ctx.findings.transaction(async (tx) => {
    const store = createFindingStore(tx);
    const made = await store.add(feed, Date.parse(record.decidedOn), findings);
    const told: (() => void)[] = [];
    for (const finding of made) {
      told.push(await announceFinding(ctx, feed, { kind: 'raised', finding }, { tx }));
    }
    return { added: made, publish: told };
  });
  // Screens hear of them once they are committed. A retry that finds them made already (the
  // first attempt's commit went through, its answer was lost) tells of them now: the first
  // attempt never got to.
  if (added.length === 0) {
    for (const { id } of findings) {
      const stored = await ctx.findings.get(feed, id);
      // Only one nobody has touched since: a later step has been told of already.
      if (stored?.finding.steps.length === 1) {
        publishFinding(ctx, feed, { kind: 'raised', finding: stored.finding });
      }
    }
  }
  for (const tell of publish) tell();
  return added;
}
