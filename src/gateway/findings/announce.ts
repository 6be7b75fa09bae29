import { FINDING_EVENT, type FindingChange } from '../../contract/findings.ts';
import type { GatewayContext } from '../context.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';

// The one way every change of a finding is told (ADR 029): raised (creation.ts), answered,
// settled and reassigned (findings.routes.ts) all come through `announceFinding`, which
// keeps its notice (ADR 030) and streams it to those who may hear it.

/**
 * Who hears of `change`: the owner's QC readers and the party responsible (on a reassignment,
 * the one it left too, so it leaves their list). A notary hears of their own findings only.
 */
export function audienceOf(change: FindingChange, formerlyResponsible?: string) {
  const members = [change.finding.responsible?.id, formerlyResponsible].filter(
    (id): id is string => id !== undefined,
  );
  return { readers: true, members: [...new Set(members)] };
}

/**
 * Tells of `change`, in the transaction `tx` that wrote it (creation.ts and findings.routes.ts
 * write both in one): its notice is kept in the same transaction, so a change is never saved
 * without its notice nor a notice kept for a change that was not. Returns the change's
 * publication on the event stream, for the caller to run once the transaction has committed:
 * a screen never hears of a change that was rolled back.
 */
export async function announceFinding(
  ctx: Pick<GatewayContext, 'hub' | 'notices' | 'mail'>,
  feed: Feed,
  change: FindingChange,
  { tx, formerlyResponsible }: { tx: Sql; formerlyResponsible?: string | undefined },
): Promise<() => void> {
  // Notices (ADR 030): a Standard Webhooks–signed POST to ATTEST_NOTICE_URL, when it is set.
  await ctx.notices.enqueue(feed, `finding.${change.kind}`, change, tx);
  // E-mail (ADR 040): to the person it is for, or the managers who may settle it.
  await ctx.mail.findingChanged(feed, change, tx);
  return () => publishFinding(ctx, feed, change, formerlyResponsible);
}

/**
 * `change` on the event stream: every open screen of its audience, in every process (ADR
 * 023). Told again, it changes nothing on a screen but the finding's freshness (the console
 * shows one toast a change: features/findings/live.ts).
 */
export function publishFinding(
  ctx: Pick<GatewayContext, 'hub'>,
  feed: Feed,
  change: FindingChange,
  formerlyResponsible?: string,
): void {
  ctx.hub.notify(feed, FINDING_EVENT, change, audienceOf(change, formerlyResponsible));
}
