import { demoId } from '../../src/service/seed/ids.ts';

// Who works the day: the department (40 reviewers, 120 notaries, 4 managers, a
// backlog of 2,000), scaled down for a quick run by TEAM_DAY_SCALE. Names are derived, so the
// seed (its own process) and the load (another) agree on them without passing a list.

export interface Person {
  clientId: string;
  userId: string;
  name: string;
}

export interface Department {
  reviewers: Person[];
  notaries: Person[];
  managers: Person[];
  backlog: number;
  /** Every login's secret: one scrypt hash for all of them (seed.ts). */
  secret: string;
}

const people = (role: string, count: number, title: string): Person[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return {
      clientId: `day-${role}-${n}`,
      userId: demoId('acme', 'team-day', role, i),
      name: `${title} ${n}`,
    };
  });

/**
 * `scale` counts people and backlog alike; a day shorter than ten minutes shrinks the backlog
 * with it, so each reviewer keeps the full day's pace (about 5 decisions a minute).
 */
export function departmentOf(scale: number, minutes = 10): Department {
  const count = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  return {
    reviewers: people('reviewer', count(40, 2), 'Reviewer'),
    notaries: people('notary', count(120, 3), 'Notary'),
    // Two at least: a reassignment and a settlement are four-eyes work.
    managers: people('manager', count(4, 2), 'Manager'),
    backlog: count(2000 * Math.min(1, minutes / 10), 20),
    secret: 'team-day-secret',
  };
}
