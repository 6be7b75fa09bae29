import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRetryable } from '../../../../client/api-error.ts';
import { hold, release, releaseOnExit } from '../../../../client/team.ts';
import type { QcHold, TeamMember } from '../../../../contract/team.ts';
import { onQueueChange } from '../../../shell/live-events.ts';
import { afterNextPaint } from '../../../ui/next-paint.ts';
import { holdsQuery } from '../holds.ts';

// The reviewer's hold on the open request (ADR 020): taken on opening, renewed while they
// are active, released when they move on or leave; and what the screen does when someone
// else holds it or takes it over.

/** Renewed this often while the reviewer is active (a hold lasts three minutes). */
const RENEW_MS = 60_000;
/** Active: a key, a click or a scroll within this long. */
const ACTIVE_MS = 2 * 60_000;
/** A hold that met no answer (a gateway restarting, a failover) is tried again after these. */
const RETRY_MS = [1_000, 3_000];

export type HoldState =
  | { kind: 'taking' }
  | { kind: 'mine'; hold: QcHold }
  /** Someone else holds it; `waiting` when the reviewer asked to have it once it is free. */
  | { kind: 'held'; hold: QcHold; waiting: boolean; readOnly: boolean }
  /** Taken over from this reviewer while they were on it: their draft stays. */
  | { kind: 'taken'; by: TeamMember; on: string }
  /** No hold to be had (decided, or the team routes did not answer): nothing to block. */
  | { kind: 'none' };

export function useHold(requestId: string, pending: boolean, me: string | undefined) {
  const client = useQueryClient();
  const [state, setState] = useState<HoldState>({ kind: pending ? 'taking' : 'none' });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  // Set once a decision is on its way: the gateway ends the hold with it, and a release
  // from here first would lose the time the review took.
  const deciding = useRef(false);
  const markDeciding = useCallback(() => {
    deciding.current = true;
  }, []);

  const retry = useRef<{ tries: number; timer?: ReturnType<typeof setTimeout> }>({ tries: 0 });
  const take = useCallback(
    async function attempt(takeOver = false): Promise<void> {
      try {
        const outcome = await hold(requestId, takeOver);
        setState((previous): HoldState => {
          if (outcome.kind === 'mine') return { kind: 'mine', hold: outcome.hold };
          // Renewing a hold someone took meanwhile: that is a take-over, said as one.
          if (previous.kind === 'mine' || previous.kind === 'taken') {
            return { kind: 'taken', by: outcome.hold.holder, on: outcome.hold.heldSince };
          }
          const waiting = previous.kind === 'held' && previous.waiting;
          const readOnly = previous.kind === 'held' && previous.readOnly;
          return { kind: 'held', hold: outcome.hold, waiting, readOnly };
        });
        retry.current.tries = 0;
        void client.invalidateQueries({ queryKey: holdsQuery().queryKey });
      } catch (error) {
        const wait = RETRY_MS[retry.current.tries];
        if (isRetryable(error) && wait !== undefined) {
          retry.current.tries += 1;
          retry.current.timer = setTimeout(() => void attempt(takeOver), wait);
          return;
        }
        // Decided meanwhile, or the gateway's team routes keep failing: the review goes on,
        // and the service's own 409 still stops a second decision.
        setState({ kind: 'none' });
      }
    },
    [requestId, client],
  );

  // Opening holds it; leaving (another document, the queue, a closed tab) releases it.
  useEffect(() => {
    if (!pending) return undefined;
    // Once the screen is painted (approve and next paints it first); its state changes when
    // the gateway answers, not within this effect.
    const cancelTake = afterNextPaint(() => void take());
    const hide = () => {
      if (stateRef.current.kind === 'mine' && !deciding.current) releaseOnExit(requestId);
    };
    const show = (event: PageTransitionEvent) => {
      if (event.persisted && !deciding.current) void take();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    const retrying = retry.current;
    return () => {
      cancelTake();
      clearTimeout(retrying.timer);
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
      if (stateRef.current.kind === 'mine' && !deciding.current) {
        release(requestId).catch(() => {});
      }
    };
  }, [pending, requestId, take]);

  // Renewed while the reviewer is active on it.
  useEffect(() => {
    if (state.kind !== 'mine') return undefined;
    let lastActive = Date.now();
    const active = () => (lastActive = Date.now());
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const type of events) window.addEventListener(type, active, { passive: true });
    const timer = setInterval(() => {
      if (Date.now() - lastActive < ACTIVE_MS && !deciding.current) void take();
    }, RENEW_MS);
    return () => {
      clearInterval(timer);
      for (const type of events) window.removeEventListener(type, active);
    };
  }, [state.kind, take]);

  // What the rest of the team does to it, as it happens.
  useEffect(
    () =>
      onQueueChange((_client, change) => {
        const current = stateRef.current;
        if (change.kind === 'held' && change.hold.requestId === requestId) {
          if (change.hold.holder.id === me) return;
          if (current.kind === 'mine' || current.kind === 'taken') {
            setState({ kind: 'taken', by: change.hold.holder, on: change.hold.heldSince });
          } else if (current.kind === 'held') setState({ ...current, hold: change.hold });
        } else if (change.kind === 'released' && change.requestId === requestId) {
          // Released by this reviewer elsewhere while this screen holds it: the last page's
          // release on a reload (or another tab's) landing after this page's hold, which
          // behind a load balancer may come in either order. The screen still shows it
          // held, so it is taken again. A manager's release is theirs to make.
          if (current.kind === 'mine' && change.by.id === me && !deciding.current) void take();
          else if (current.kind === 'held' && current.waiting) void take();
          else if (current.kind === 'held') setState({ kind: 'none' });
        } else if (change.kind === 'decided' && change.requestId === requestId) {
          setState({ kind: 'none' });
        }
      }),
    [requestId, me, take],
  );

  return {
    state,
    /**
     * Deciding is for the holder only (or when no hold can be had), and waits the moment it
     * takes to learn which: two reviewers opening one document at once never both decide.
     */
    blocks: state.kind !== 'mine' && state.kind !== 'none',
    takeOver: () => void take(true),
    wait: () => state.kind === 'held' && setState({ ...state, waiting: true, readOnly: false }),
    viewReadOnly: () => state.kind === 'held' && setState({ ...state, readOnly: true }),
    /** A QC manager frees it for the team. */
    releaseForTeam: () =>
      void release(requestId)
        .then(() => setState({ kind: 'none' }))
        .catch(() => {}),
    markDeciding,
  };
}
