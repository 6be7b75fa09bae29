// The day's timeline: ten minutes (TEAM_DAY_MINUTES), with the faults and the webhook bursts
// placed as the issue places them in ten, so a shorter run keeps their proportions. Times are
// ms from the day's start.

export interface Plan {
  minutes: number;
  scale: number;
  durationMs: number;
  /** Gateway process 0 is killed with SIGKILL here and started again at once. */
  killAt: number;
  /** The database connection is cut here for cutMs. */
  cutAt: number;
  cutMs: number;
  /**
   * Days pass here for the findings open at the time: their due dates, business days away,
   * are moved to an hour ago, as if raised days before (the gateway has no clock to move).
   */
  overdueAt: number[];
  /** Two bursts of signed webhooks posted to the gateways besides the service's own. */
  bursts: { at: number; count: number }[];
  /** How often each process's memory, descriptors and the database's connections are read. */
  sampleEveryMs: number;
  /** A 5xx this long after a fault has ended still counts as the fault's. */
  faultGraceMs: number;
}

const MINUTE = 60_000;

export function planOf(env: NodeJS.ProcessEnv): Plan {
  const minutes = Number(env.TEAM_DAY_MINUTES ?? 10);
  const scale = Number(env.TEAM_DAY_SCALE ?? 1);
  if (!(minutes > 0) || !(scale > 0)) {
    throw new Error('TEAM_DAY_MINUTES and TEAM_DAY_SCALE are positive numbers');
  }
  const at = (tenths: number) => Math.round((tenths / 10) * minutes * MINUTE);
  return {
    minutes,
    scale,
    durationMs: minutes * MINUTE,
    killAt: at(4),
    cutAt: at(6),
    cutMs: Math.max(2_000, Math.round(10_000 * (minutes / 10))),
    overdueAt: [at(5), at(7.5)],
    bursts: [
      { at: at(2.5), count: Math.max(20, Math.round(500 * scale)) },
      { at: at(8), count: Math.max(20, Math.round(500 * scale)) },
    ],
    sampleEveryMs: Math.max(1_000, Math.round(3_000 * Math.min(1, minutes / 10))),
    faultGraceMs: 5_000,
  };
}
