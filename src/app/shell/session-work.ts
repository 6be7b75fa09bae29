import { useEffect } from 'react';

// Work a feature keeps in the browser on a person's behalf and must finish for them (the
// review's decision outbox, ADR 026). The shell knows no feature: each registers here,
// and the shell starts the work while the person is signed in and asks about it at sign-out.

/** Something not yet done, said to the person; `keep` names what to leave in their storage. */
export interface Unfinished {
  label: string;
  /** Names under the person's prefix (user-storage.ts) to keep at sign-out. */
  keep: readonly string[];
}

export interface SessionWork {
  /** While `scope` is signed in; returns the stop. */
  start(scope: string): () => void;
  /** What is not done yet. */
  unfinished(scope: string): Promise<Unfinished[]>;
  /** Finishes what it can within `boundMs`; answers what is left. */
  finish(scope: string, boundMs: number): Promise<Unfinished[]>;
}

const works = new Set<SessionWork>();

export function registerSessionWork(work: SessionWork): void {
  works.add(work);
}

/** Runs every feature's work for the signed-in person. */
export function useSessionWork(scope: string | null): void {
  useEffect(() => {
    if (!scope) return undefined;
    const stops = [...works].map((work) => work.start(scope));
    return () => stops.forEach((stop) => stop());
  }, [scope]);
}

export async function unfinishedWork(scope: string): Promise<Unfinished[]> {
  return (await Promise.all([...works].map((work) => work.unfinished(scope)))).flat();
}

export async function finishWork(scope: string, boundMs: number): Promise<Unfinished[]> {
  return (await Promise.all([...works].map((work) => work.finish(scope, boundMs)))).flat();
}
