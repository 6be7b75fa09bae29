import { FINDING_EVENT, type FindingChange } from '../../contract/findings.ts';
import type { GatewayContext } from '../context.ts';
import type { Feed } from '../events/event-log.ts';

// The one way every change of a finding is told (ADR 029): raised (creation.ts), answered,
// settled and reassigned (findings.routes.ts) all come through `announceFinding`.

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

export async function announceFinding(
  ctx: Pick<GatewayContext, 'hub'>,
  feed: Feed,
  change: FindingChange,
  formerlyResponsible?: string,
): Promise<void> {
  // The event stream: every open screen of the audience, in every process (ADR 023).
  ctx.hub.notify(feed, FINDING_EVENT, change, audienceOf(change, formerlyResponsible));
  // Notices (ADR 030, src/gateway/notices/): the signed POST to ATTEST_NOTICE_URL of each
  // change is sent from here, and only here, once that module lands.
}
