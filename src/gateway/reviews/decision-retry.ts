import type { DecisionMarks } from '../../contract/findings.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import type { GatewayContext } from '../context.ts';
import { DatabaseUnavailableError } from '../db/sql.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { QcRequestPatchSchema } from '../../contract/qc.ts';
import { upstreamRequest } from '../upstream/qc-request-upstream.ts';
import { applyDecision, deciderOf, decisionRecord, type Decider } from './reviews.ts';

// A decision the service accepted is the service's whatever the gateway's database says.
// When the history cannot take it (the database down or restarting), the proxy still has it
// in hand: it is kept here, in memory, and recorded when the database answers again, on a
// timer with back-off and after the next decision that records. Recording is idempotent
// (decisions.ts, reviews.ts applyDecision), so a write whose answer was lost is not doubled.

/** Decisions waiting for the database, at most; past it the oldest is given up, logged. */
const RETRY_LIMIT = 1000;
/** The first retry's wait; each failure doubles it up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 60_000;
/**
 * Failures other than an unreachable database (a bug, a value the store refuses) a decision
 * is given before it is let go: they are unlikely to pass by waiting.
 */
const OTHER_FAILURES = 5;

interface Pending {
  decider: Decider;
  requestId: string;
  sent: unknown;
  answered: unknown;
  /** When the service's answer came (epoch ms): the record's decidedOn, however late. */
  at: number;
  /** The reviewer's marks, checked before the service saw the decision (ADR 029). */
  marks: DecisionMarks | undefined;
  /** Built once, then kept, so each retry writes the same record. */
  record?: DecisionRecord;
  failures: number;
  /**
   * A decision the service had already accepted from this reviewer (a retry answered 409):
   * recorded only if the history has no record of it, whichever process wrote that. The
   * service's time of the decision, where it gives one, tells this decision from an earlier
   * round's.
   */
  recovered?: { serviceAt: number | undefined };
}

/** A record this near the service's time of a decision is that decision's (clocks differ). */
const SAME_DECISION_MS = 5 * 60_000;

export function createDecisionRecorder(ctx: GatewayContext) {
  const pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_DELAY_MS;
  let flushing: Promise<void> | undefined;

  /** Whether the history holds the decision `entry` recovers, from any process. */
  async function recordedAlready(entry: Pending, status: string): Promise<boolean> {
    const { feed, member } = entry.decider;
    const serviceAt = entry.recovered?.serviceAt;
    return (await ctx.decisions.forRequest(feed, entry.requestId)).some(
      (r) =>
        r.decidedBy.id === member.id &&
        r.status === status &&
        (serviceAt === undefined ||
          Math.abs(Date.parse(r.decidedOn) - serviceAt) < SAME_DECISION_MS),
    );
  }

  async function attempt(entry: Pending): Promise<void> {
    const status = (entry.answered as { status?: string } | undefined)?.status;
    if (entry.recovered && (!status || (await recordedAlready(entry, status)))) return;
    entry.record ??= await decisionRecord(
      ctx,
      entry.decider,
      entry.requestId,
      entry.sent,
      entry.answered,
      entry.at,
      entry.marks,
    );
    if (entry.record) await applyDecision(ctx, entry.decider, entry.record);
  }

  /** Keeps `entry` for later unless its failures say it never will be recorded. */
  function keep(entry: Pending, error: unknown): boolean {
    if (!(error instanceof DatabaseUnavailableError)) entry.failures++;
    if (entry.failures >= OTHER_FAILURES) {
      ctx.log(`gave up recording the decision of QC request ${entry.requestId}`, error);
      return false;
    }
    return true;
  }

  function schedule(): void {
    if (timer || pending.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
    // A decision waiting is no reason to keep a closing process alive.
    timer.unref();
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }

  /** Tries the waiting decisions oldest first; stops at the first failure and waits again. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      try {
        while (pending.length > 0) {
          const entry = pending[0] as Pending;
          try {
            await attempt(entry);
          } catch (error) {
            if (keep(entry, error)) {
              schedule();
              return;
            }
          }
          // This entry, not the first: a full list may have given up the oldest meanwhile.
          const at = pending.indexOf(entry);
          if (at >= 0) pending.splice(at, 1);
          if (entry.record) {
            ctx.log(
              `recorded the decision of QC request ${entry.requestId} once the database was back`,
            );
          }
        }
        delay = FIRST_DELAY_MS;
      } finally {
        flushing = undefined;
      }
    })();
    return flushing;
  }

  return {
    /**
     * Records a decision the service accepted, now or, when the database fails, later. Never
     * throws: the decision stands whatever the history makes of it.
     */
    async record(
      session: SessionRecord,
      requestId: string,
      sent: unknown,
      answered: unknown,
      marks?: DecisionMarks,
    ): Promise<void> {
      const entry: Pending = {
        decider: deciderOf(session),
        requestId,
        sent,
        answered,
        at: ctx.now(),
        marks,
        failures: 0,
      };
      try {
        await attempt(entry);
      } catch (error) {
        ctx.log(
          `could not record the decision of QC request ${requestId} yet; it is kept to be recorded when the database answers`,
          error,
        );
        if (!keep(entry, error)) return;
        if (pending.length >= RETRY_LIMIT) {
          const dropped = pending.shift();
          ctx.log(`too many decisions waiting: gave up recording QC request ${dropped?.requestId}`);
        }
        pending.push(entry);
        schedule();
        return;
      }
      // The database answers: what waited goes in now, behind this one.
      if (pending.length > 0) {
        clearTimeout(timer);
        timer = undefined;
        void flush();
      }
    },

    /**
     * A decision answered 409 that the service, read afresh, holds as this reviewer's and as
     * sent: an earlier try reached the service and its answer was lost, perhaps with the
     * process that sent it (killed before it wrote the history). Recorded here unless the
     * history has it. Never throws.
     */
    async recoverLost(
      session: SessionRecord,
      requestId: string,
      sent: unknown,
      marks?: DecisionMarks,
    ): Promise<boolean> {
      const body = QcRequestPatchSchema.safeParse(sent);
      const decider = deciderOf(session);
      const fresh = await upstreamRequest(ctx, session, requestId).catch(() => undefined);
      const request = fresh?.request;
      if (
        !body.success ||
        !request ||
        request.status !== body.data.status ||
        request.reviewedBy !== decider.member.id
      ) {
        return false;
      }
      const completed = request.reviewCompletedOn ? Date.parse(request.reviewCompletedOn) : NaN;
      const entry: Pending = {
        decider,
        requestId,
        sent,
        answered: request,
        at: ctx.now(),
        marks,
        failures: 0,
        recovered: { serviceAt: Number.isFinite(completed) ? completed : undefined },
      };
      try {
        await attempt(entry);
      } catch (error) {
        ctx.log(`could not record the recovered decision of QC request ${requestId} yet`, error);
        if (!keep(entry, error)) return true;
        pending.push(entry);
        schedule();
      }
      return true;
    },

    /** Decisions waiting for the database (tests, logs). */
    waiting: () => pending.length,

    /** Tries the waiting decisions now (tests); resolves when done or failed again. */
    flush,
  };
}
